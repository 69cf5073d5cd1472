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
  // the day labels are HTML under the bars, so they keep the page's type size at any width
  const dayLabel = new Intl.DateTimeFormat(f.tag, { day: "numeric", month: "numeric", timeZone: "UTC" });
  return (
    <figure>
      {/* drawn to the box's width and height: no letterboxing above or below the bars on a phone */}
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="h-40 w-full" role="img" aria-label={t("label")}>
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
                  <rect key={pair} x={i * bar + 2} y={y} width={bar - 4} height={h} fill={colors[pair] ?? "#71717a"}>
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
            </g>
          );
        })}
        <line
          x1={0}
          x2={width}
          y1={height - 0.5}
          y2={height - 0.5}
          vectorEffect="non-scaling-stroke"
          className="stroke-zinc-300 dark:stroke-zinc-700"
        />
      </svg>
      {/* every seventh day under its bar; the first starts at the left edge rather than spill past it */}
      <div aria-hidden data-chart-days className="relative mt-1 h-4 text-xs text-zinc-600 dark:text-zinc-400">
        {days.map((day, i) =>
          i % 7 === 0 ? (
            <span
              key={day}
              className={`absolute top-0 whitespace-nowrap ${i === 0 ? "" : "-translate-x-1/2"}`}
              style={{ left: `${((i === 0 ? i * bar : i * bar + bar / 2) / width) * 100}%` }}
            >
              {dayLabel.format(new Date(`${day}T00:00:00Z`))}
            </span>
          ) : null,
        )}
      </div>
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
