/**
 * Counts per bucket as a small bar chart (inline SVG, no script). Decorative for screen readers:
 * the row around it says the count, first and last seen; `label` gives the figures in words.
 */
export function Sparkline({ counts, label }: { counts: number[]; label: string }) {
  const max = Math.max(1, ...counts);
  const width = counts.length * 4;
  return (
    <svg
      viewBox={`0 0 ${width} 20`}
      width={width * 2}
      height="20"
      role="img"
      aria-label={label}
      className="text-orange-600 dark:text-orange-400"
    >
      {counts.map((count, i) => {
        const height = count === 0 ? 0 : Math.max(2, (count / max) * 20);
        return <rect key={i} x={i * 4} y={20 - height} width="3" height={height} fill="currentColor" />;
      })}
    </svg>
  );
}
