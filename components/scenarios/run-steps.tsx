"use client";
import { useTranslations } from "next-intl";
import type { RunStep } from "@/lib/dashboard/contract/scenarios-api";

const dot = {
  pending: "bg-zinc-300 dark:bg-zinc-600",
  running: "animate-pulse bg-orange-500",
  succeeded: "bg-emerald-600",
  failed: "bg-red-600",
} as const;

/** What a step made or saw, in one line: the ids and states of its result. */
const summary = (result: RunStep["result"]) =>
  result
    ? Object.entries(result)
        .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(", ") : String(value)}`)
        .join(" · ")
    : "";

/** A run's steps in order, each with its status and its result or error, as the run goes on. */
export function RunSteps({ steps }: { steps: RunStep[] }) {
  const t = useTranslations("scenarios");
  return (
    <ol className="flex flex-col gap-1.5 text-sm">
      {steps.map((step) => (
        <li key={step.name} className="flex min-w-0 items-start gap-2" data-status={step.status}>
          <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${dot[step.status]}`} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-mono text-xs">{step.name}</code>
              <span className="text-xs text-zinc-500 dark:text-zinc-400">{t(`stepStatus.${step.status}`)}</span>
            </div>
            {step.error ? (
              <p className="text-xs break-words text-red-700 dark:text-red-400">
                {step.failure ? t(`failure.${step.failure.code}`, step.failure) : step.error}
              </p>
            ) : (
              step.result && <p className="font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">{summary(step.result)}</p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
