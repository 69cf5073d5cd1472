import type { ReactNode } from "react";

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A titled section; its heading names it, so assistive technology lists it as a region. */
export function Card({
  title,
  actions,
  children,
  className = "",
  labelId,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** The heading's id, for a title that is not plain text. */
  labelId?: string;
}) {
  const headingId = labelId ?? (typeof title === "string" ? `card-${slug(title)}` : undefined);
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      className={`rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900 ${className}`}
    >
      {(title || actions) && (
        <header className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && (
            <h2 id={headingId} className="text-base font-semibold">
              {title}
            </h2>
          )}
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}
