/** A call's HTTP status, coloured by its class (the number is the text: colour is never alone). */
export function StatusBadge({ status }: { status: number }) {
  const tone =
    status >= 500
      ? "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200"
      : status >= 400
        ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        : "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200";
  return <span className={`rounded px-1.5 py-0.5 font-mono text-xs font-medium ${tone}`}>{status}</span>;
}
