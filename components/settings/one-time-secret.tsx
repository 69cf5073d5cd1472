"use client";
import { useEffect, useRef } from "react";
import { CopyValueButton } from "@/components/ui/copy-value-button";

/**
 * A secret shown this once (a temporary password, a new webhook secret, an API key), with what to
 * do with it. It comes into view and takes the focus when it appears: below a long form or list
 * it would otherwise land under the fold, unseen, and be lost with the next page.
 */
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
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView({ block: "nearest" });
    box.current?.focus({ preventScroll: true });
  }, [value]);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      className="scroll-mt-20 rounded-md border border-green-300 bg-green-50 p-3 text-sm dark:border-green-800 dark:bg-green-950"
    >
      <p className="font-medium">{title}</p>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <code className="font-mono inline-block max-w-full wrap-id" data-testid="one-time-secret">
          {value}
        </code>
        <CopyValueButton value={value} label={label} />
      </p>
      {children && <div className="mt-2 text-xs text-zinc-700 dark:text-zinc-300">{children}</div>}
    </div>
  );
}
