import { useLocale, useTranslations } from "next-intl";
import type { EarningsRow } from "@/lib/dashboard/contract/reports-api";
import { formatters } from "@/lib/dashboard/client/format";

// Server-rendered SVG: the earnings of each group as horizontal bars over its fees, one scale per
// currency (amounts of different currencies are never compared). Labels sit above their bars so
// that the drawing stays readable at phone width (15 units: 11.5 px where a phone draws the 420
// units in 324 px). No chart library reaches the browser.

const ROW = 46;
const WIDTH = 420;
const VALUE = 96;

export function EarningsChart({ rows }: { rows: EarningsRow[] }) {
  const t = useTranslations("reports.chart");
  const f = formatters(useLocale());
  const shown = rows.filter((r) => r.count > 0);
  if (shown.length === 0) return null;
  const maxOf = new Map<string, number>();
  for (const r of shown) maxOf.set(r.currency, Math.max(maxOf.get(r.currency) ?? 0, Number(r.earnings), Number(r.fees)));
  const height = shown.length * ROW;
  const summary = shown
    .map((r) => t("row", { label: r.label, earned: f.fiat(Number(r.earnings), r.currency), fees: f.fiat(Number(r.fees), r.currency) }))
    .join("; ");
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={t("label", { summary })}
      className="h-auto w-full max-w-md text-zinc-900 dark:text-zinc-100"
      data-testid="earnings-chart"
    >
      {shown.map((r, i) => {
        const max = maxOf.get(r.currency) || 1;
        const span = WIDTH - VALUE;
        const fees = (Number(r.fees) / max) * span;
        const earned = (Number(r.earnings) / max) * span;
        const y = i * ROW;
        return (
          <g key={`${r.key}-${r.currency}`}>
            <text x={0} y={y + 14} fontSize="15" fill="currentColor">
              {r.label.length > 40 ? `${r.label.slice(0, 39)}…` : r.label} · {r.currency.toUpperCase()}
            </text>
            <rect x={0} y={y + 21} width={Math.max(fees, 1)} height={16} rx={3} className="fill-zinc-300 dark:fill-zinc-700" />
            <rect x={0} y={y + 24} width={earned > 0 ? Math.max(earned, 1) : 0} height={10} rx={2} className="fill-orange-600" />
            <text x={WIDTH} y={y + 34} fontSize="15" fill="currentColor" textAnchor="end">
              {f.fiat(Number(r.earnings), r.currency)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
