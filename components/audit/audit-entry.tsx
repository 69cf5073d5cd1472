"use client";
import { Link } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import type { AuditEntry } from "@/lib/dashboard/contract/dashboard-api";
import { describeEntry } from "@/lib/dashboard/audit/describe-entry";
import type { AuditOutcome } from "@/lib/dashboard/contract/audit-actions";
import { useFormat } from "@/lib/dashboard/client/use-format";

const link = "font-medium text-orange-700 underline-offset-2 hover:underline dark:text-orange-400";
const badge: Record<AuditOutcome, string> = {
  ok: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300",
  denied: "bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-300",
  failed: "bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-300",
};

/** How an entry ended, in words, with the error's code behind it for whoever asks (title). */
export function OutcomeBadge({ outcome, result }: { outcome: AuditOutcome; result: string }) {
  const t = useTranslations("audit");
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${badge[outcome]}`}
      title={outcome === "ok" ? undefined : result}
    >
      {t(`outcomes.${outcome}`)}
    </span>
  );
}

/** One entry of the audit log: when, the sentence with its actor and target as links, and how it ended. */
export function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  const t = useTranslations("audit");
  const f = useFormat();
  const d = describeEntry(entry);
  const name = d.actor.kind === "person" ? d.actor.email : t(d.actor.kind);
  const values = {
    name,
    id: d.target?.text ?? t("unknownTarget"),
    role: d.role,
    policy: d.policy,
    what: d.what,
    actor: (chunks: React.ReactNode) =>
      d.actor.kind === "person" ? (
        <Link className={`${link} wrap-anywhere`} href={`/audit?actor=${encodeURIComponent(d.actor.filter)}`} title={t("onlyThisPerson")}>
          {chunks}
        </Link>
      ) : (
        <span className="font-medium">{chunks}</span>
      ),
    target: (chunks: React.ReactNode) =>
      d.target?.href ? (
        <Link
          className={`${link} font-mono inline-block max-w-full wrap-id`}
          href={d.target.href}
          // a short id is read out in full; a name (a member's email) is its own name
          aria-label={d.target.text.endsWith("…") ? d.target.full : undefined}
          title={d.target.full}
        >
          {chunks}
        </Link>
      ) : (
        <span className="font-mono inline-block max-w-full wrap-id" title={d.target?.full}>
          {chunks}
        </span>
      ),
  };
  return (
    <tr data-audit-action={entry.action} className="flex flex-col gap-1 bg-white px-3 py-3 sm:table-row sm:p-0 dark:bg-zinc-950">
      <td className="text-xs whitespace-nowrap text-zinc-600 sm:px-3 sm:py-2 sm:align-top dark:text-zinc-400">
        <time dateTime={entry.at}>{f.dateTime(entry.at)}</time>
      </td>
      <td className="min-w-0 text-sm break-words sm:px-3 sm:py-2" data-testid="audit-sentence">
        <p>{t.rich(d.key, values)}</p>
        {(d.detail || entry.api_key) && (
          <p className="mt-0.5 text-xs wrap-anywhere text-zinc-600 dark:text-zinc-400">
            {entry.api_key ? t("viaKey", { key: entry.api_key }) : null}
            {entry.api_key && d.detail ? " · " : null}
            {d.detail ? <span className="font-mono">{d.detail}</span> : null}
          </p>
        )}
      </td>
      <td className="sm:px-3 sm:py-2 sm:text-right sm:align-top">
        <OutcomeBadge outcome={d.outcome} result={entry.result} />
      </td>
    </tr>
  );
}
