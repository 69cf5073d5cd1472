import { useTranslations } from "next-intl";
import { EmptyState } from "@/components/ui/states";
import type { Rejections } from "@/lib/dashboard/contract/dashboard-api";
import { useFormat } from "@/lib/dashboard/client/use-format";

/** The receiver's reasons (lib/dashboard/webhooks) as keys of the catalogue's `events.rejected.reasons`. */
const reasonKeys: Record<string, "invalid" | "missing" | "malformed" | "unstorable" | "tooDeep" | "disabled"> = {
  "invalid signature": "invalid",
  "missing signature": "missing",
  "malformed JSON": "malformed",
  "unstorable text": "unstorable",
  "nested too deep": "tooDeep",
  "tenant disabled": "disabled",
};

/** Refused webhooks, counted per reason and hour, with the latest (truncated) sample. */
export function RejectedList({ rejections }: { rejections: Rejections | null }) {
  const t = useTranslations("events.rejected");
  const f = useFormat();
  if (!rejections) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("notAllowed")}</p>;
  if (rejections.data.length === 0) return <EmptyState title={t("empty")} />;
  return (
    <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {rejections.data.map((r) => (
        <li key={`${r.endpoint}-${r.reason}-${r.hour}`} className="py-3 text-sm" data-rejection={r.reason}>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-300">
              {t("badge")}
            </span>
            <span className="font-medium">{reasonKeys[r.reason] ? t(`reasons.${reasonKeys[r.reason] ?? "invalid"}`) : r.reason}</span>
            <span className="text-xs text-zinc-600 dark:text-zinc-400">
              {t("between", { count: r.count, first: f.dateTime(r.first_at), last: f.dateTime(r.last_at) })}
            </span>
          </div>
          <details className="mt-1 text-xs">
            <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">{t("sample")}</summary>
            <pre className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 dark:bg-zinc-800">{r.sample}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}
