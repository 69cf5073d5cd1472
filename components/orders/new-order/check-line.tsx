"use client";
import { useTranslations } from "next-intl";
import type { Check } from "./draft";

/** A live validation result: ✓ or ✗ with the explanation, announced to screen readers. */
export function CheckLine({ check, testId }: { check: Check; testId?: string }) {
  const t = useTranslations("orders.checks");
  // the checks name their keys (checks.ts); the catalogue test holds each of them
  return (
    <p
      role="status"
      data-testid={testId}
      data-ok={check.ok}
      className={`text-sm ${check.ok ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400"}`}
    >
      <span aria-hidden>{check.ok ? "✓ " : "✗ "}</span>
      {t(check.key as "loading", check.values)}
    </p>
  );
}
