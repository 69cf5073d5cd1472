import { useTranslations } from "next-intl";
import { StateBadge } from "@/components/ui/state-badge";
import { EmptyState } from "@/components/ui/states";
import type { ConsoleUsers } from "@/lib/dashboard/contract/console-api";
import { useFormat } from "@/lib/dashboard/client/use-format";

/** The users of every tenant, as GET /api/operator/users answers them. */
export function UsersPanel({ users }: { users: ConsoleUsers["data"] }) {
  const t = useTranslations("operator.users");
  const tr = useTranslations("shell.roles");
  const f = useFormat();
  if (users.length === 0) return <EmptyState title={t("empty")} />;
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <thead className="bg-zinc-50 text-xs text-zinc-500 uppercase dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th className="px-3 py-2 font-medium">{t("email")}</th>
            <th className="px-3 py-2 font-medium">{t("role")}</th>
            <th className="px-3 py-2 font-medium">{t("tenant")}</th>
            <th className="px-3 py-2 font-medium">{t("status")}</th>
            <th className="hidden px-3 py-2 font-medium sm:table-cell">{t("created")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {users.map((u) => (
            <tr key={u.id} data-user={u.email}>
              <td className="px-3 py-2 wrap-anywhere">{u.email}</td>
              <td className="px-3 py-2">{tr(u.role)}</td>
              <td className="px-3 py-2">{u.tenant_name ?? (u.role === "operator" ? t("allTenants") : "—")}</td>
              <td className="px-3 py-2">
                <StateBadge state={u.disabled ? "inactive" : "active"} />
              </td>
              <td className="hidden px-3 py-2 text-xs text-zinc-500 dark:text-zinc-400 sm:table-cell">{f.dateTime(u.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
