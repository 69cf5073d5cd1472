"use client";
import { EmptyState, ErrorState, LoadingRows } from "@/components/ui/states";
import { useRejections } from "@/lib/client/event-queries";
import { formatDateTime } from "@/lib/client/format";

const reasons: Record<string, string> = {
  "invalid signature": "Invalid signature: the secret registered with the service differs from ours, or the body was altered",
  "missing signature": "No X-Signature-256 header",
  "malformed JSON": "The signature verified, but the body is not JSON",
};

/** Refused webhooks, counted per reason and hour, with the latest (truncated) sample. */
export function RejectedList({ allowed }: { allowed: boolean }) {
  const rejections = useRejections(allowed);
  if (!allowed) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Rejected webhooks are shown to admins and operators.</p>;
  if (rejections.isPending) return <LoadingRows rows={2} />;
  if (rejections.isError) return <ErrorState error={rejections.error} retry={() => void rejections.refetch()} />;
  if (rejections.data.data.length === 0) return <EmptyState title="No webhook was refused in the last 7 days" />;
  return (
    <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {rejections.data.data.map((r) => (
        <li key={`${r.endpoint}-${r.reason}-${r.hour}`} className="py-3 text-sm" data-rejection={r.reason}>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-300">
              rejected
            </span>
            <span className="font-medium">{reasons[r.reason] ?? r.reason}</span>
            <span className="text-xs text-zinc-600 dark:text-zinc-400">
              {r.count}× between {formatDateTime(r.first_at)} and {formatDateTime(r.last_at)}
            </span>
          </div>
          <details className="mt-1 text-xs">
            <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Latest sample</summary>
            <pre className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 dark:bg-zinc-800">{r.sample}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}
