import type { EarningsRow } from "@/lib/contract/reports-api";
import { formatFiat } from "@/lib/client/format";

// Server-rendered SVG: the earnings of each group as horizontal bars, one scale per currency
// (amounts of different currencies are never compared). No chart library reaches the browser.

const ROW = 28;
const LABEL = 190;
const WIDTH = 640;

export function EarningsChart({ rows }: { rows: EarningsRow[] }) {
  const shown = rows.filter((r) => r.count > 0);
  if (shown.length === 0) return null;
  const maxOf = new Map<string, number>();
  for (const r of shown) maxOf.set(r.currency, Math.max(maxOf.get(r.currency) ?? 0, Number(r.earnings), Number(r.fees)));
  const height = shown.length * ROW + 8;
  const summary = shown
    .map((r) => `${r.label}: ${formatFiat(Number(r.earnings), r.currency)} earned of ${formatFiat(Number(r.fees), r.currency)} fees`)
    .join("; ");
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={`Earnings and fees per group. ${summary}`}
      className="h-auto w-full max-w-3xl text-zinc-900 dark:text-zinc-100"
      data-testid="earnings-chart"
    >
      {shown.map((r, i) => {
        const max = maxOf.get(r.currency) || 1;
        const span = WIDTH - LABEL - 120;
        const fees = (Number(r.fees) / max) * span;
        const earned = (Number(r.earnings) / max) * span;
        const y = i * ROW + 4;
        return (
          <g key={`${r.key}-${r.currency}`}>
            <text x={LABEL - 8} y={y + 15} textAnchor="end" fontSize="12" fill="currentColor">
              {r.label.length > 26 ? `${r.label.slice(0, 25)}…` : r.label} · {r.currency.toUpperCase()}
            </text>
            <rect x={LABEL} y={y + 2} width={Math.max(fees, 1)} height={18} rx={3} className="fill-zinc-300 dark:fill-zinc-700" />
            <rect x={LABEL} y={y + 6} width={Math.max(earned, earned > 0 ? 1 : 0)} height={10} rx={2} className="fill-orange-600" />
            <text x={LABEL + Math.max(fees, earned) + 6} y={y + 15} fontSize="12" fill="currentColor">
              {formatFiat(Number(r.earnings), r.currency)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
