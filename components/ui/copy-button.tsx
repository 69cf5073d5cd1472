"use client";
import { useState } from "react";

/** Copies a value; says so for a moment (and to screen readers). */
export function CopyButton({
  value,
  label = "Copy",
  copiedLabel = "Copied",
  name,
}: {
  value: string;
  label?: string;
  copiedLabel?: string;
  /** The button's accessible name; by default the label and the value. */
  name?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      onClick={async () => {
        await navigator.clipboard?.writeText(value).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
      className={
        "shrink-0 rounded px-2 py-0.5 text-xs font-medium text-orange-700 hover:bg-orange-50 " +
        "focus-visible:outline-2 focus-visible:outline-orange-500 dark:text-orange-400 " +
        "dark:hover:bg-orange-950"
      }
      aria-label={name ?? `${label}: ${value}`}
    >
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  );
}
