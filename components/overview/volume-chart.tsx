"use client";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/dashboard/client/use-format";

type Point = { day: string; pair: string; volume: number; fees: number };

const colors: Record<string, string> = { "btc/eur": "#ea580c", "btc/chf": "#2563eb", "btc/gbp": "#16a34a" };

/**
 * Daily volume per pair over the last 30 days as stacked bars (each pair in its own currency,
 * so the height compares days, not currencies); fees in the tooltip and the legend.
 */
export function VolumeChart({ points, today }: { points: Point[]; today: string }) {
  const t = useTranslations("overview.chart");
  const f = useFormat();
  const end = new Date(`${today}T00:00:00Z`).getTime();
  const days = Array.from({ length: 30 }, (_, i) => new Date(end - (29 - i) * 86_400_000).toISOString().slice(0, 10));
  const pairs = [...new Set(points.map((p) => p.pair))].sort();
  const totals = days.map((day) => points.filter((p) => p.day === day).reduce((sum, p) => sum + p.volume, 0));
  const max = Math.max(1, ...totals);
  const width = 600;
  const height = 160;
  const bar = width / days.length;
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-48 w-full" role="img" aria-label={t("label")}>
        {days.map((day, i) => {
          let y = height;
          return (
            <g key={day}>
              {pairs.map((pair) => {
                const point = points.find((p) => p.day === day && p.pair === pair);
                if (!point) return null;
                const h = (point.volume / max) * (height - 10);
                y -= h;
                return (
                  <rect key={pair} x={i * bar + 2} y={y} width={bar - 4} height={h} fill={colors[pair] ?? "#71717a"} rx={2}>
                    <title>
                      {t("bar", {
                        day,
                        pair: pair.toUpperCase(),
                        volume: f.fiat(point.volume, pair.slice(4)),
                        fees: f.fiat(point.fees, pair.slice(4)),
                      })}
                    </title>
                  </rect>
                );
              })}
              {i % 7 === 0 && (
                <text x={i * bar + bar / 2} y={height + 14} textAnchor="middle" className="fill-zinc-500 text-[10px]">
                  {day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-zinc-300 dark:stroke-zinc-700" />
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-zinc-600 dark:text-zinc-400">
        {pairs.length === 0 && <span>{t("empty")}</span>}
        {pairs.map((pair) => {
          const mine = points.filter((p) => p.pair === pair);
          const currency = pair.slice(4);
          return (
            <span key={pair} className="inline-flex items-center gap-1.5">
              <span className="h-2.5 w-2.5 rounded-sm" style={{ background: colors[pair] ?? "#71717a" }} aria-hidden />
              {t("legend", {
                pair: pair.toUpperCase(),
                volume: f.fiat(
                  mine.reduce((s, p) => s + p.volume, 0),
                  currency,
                ),
                fees: f.fiat(
                  mine.reduce((s, p) => s + p.fees, 0),
                  currency,
                ),
              })}
            </span>
          );
        })}
      </figcaption>
    </figure>
  );
}
