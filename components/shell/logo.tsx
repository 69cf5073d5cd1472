// the ₿ glyph as one SVG path
const MARK = [
  "M42.6 28.3c.6-4-2.4-6.1-6.6-7.5",
  "l1.4-5.5-3.4-.8-1.3 5.3-2.7-.7 1.3-5.4-3.3-.8-1.4 5.5-2.2-.5-4.6-1.2-.9 3.6s2.5.6 2.5.6",
  "c1.4.3 1.6 1.2 1.6 2l-1.6 6.3-2.2 8.8c-.2.4-.6 1-1.6.8",
  "l-2.5-.6-1.7 3.9 4.4 1.1 2.4.6-1.4 5.6 3.3.8 1.4-5.5 2.7.7-1.4 5.5 3.4.8 1.4-5.6",
  "c5.7 1.1 10 .6 11.8-4.5 1.5-4.1-.1-6.5-3-8 2.2-.5 3.8-1.9 4.2-4.9zm-7.6 10.7c-1 4.1-8 1.9-10.3 1.3",
  "l1.8-7.3c2.3.6 9.6 1.7 8.5 6zm1-10.8c-.9 3.7-6.8 1.8-8.7 1.3l1.7-6.6c1.9.5 8 1.4 7 5.3z",
].join("");

/** The bitcoin mark, drawn (fonts may lack ₿). */
export function Logo({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden>
      <circle cx="32" cy="32" r="30" fill="#ea580c" />
      <path fill="#fff" d={MARK} />
    </svg>
  );
}
