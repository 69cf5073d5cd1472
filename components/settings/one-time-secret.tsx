"use client";
import { CopyValueButton } from "@/components/ui/copy-value-button";

/** A secret shown this once (a temporary password, a new webhook secret), with what to do with it. */
export function OneTimeSecret({
  title,
  value,
  label,
  children,
}: {
  title: string;
  value: string;
  label: string;
  children?: React.ReactNode;
}) {
  return (
    <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm dark:border-green-800 dark:bg-green-950">
      <p className="font-medium">{title}</p>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <code className="font-mono wrap-anywhere" data-testid="one-time-secret">
          {value}
        </code>
        <CopyValueButton value={value} label={label} />
      </p>
      {children && <div className="mt-2 text-xs text-zinc-700 dark:text-zinc-300">{children}</div>}
    </div>
  );
}
