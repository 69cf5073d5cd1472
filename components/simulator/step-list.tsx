"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import type * as z from "zod/mini";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { channelFailureCodes, invoiceFailureCodes, refundCodes } from "@/lib/service-api/codes";
import type { driveEventSchema, driveEventTypes } from "@/lib/service-api/operator-contract";

export type DriveEvent = z.input<typeof driveEventSchema>;
type StepType = (typeof driveEventTypes)[number];
export type Step = { type: StepType; allowed: boolean; reason: string | null };

// the way an exchange usually goes on first, failures and refunds after
const order: StepType[] = [
  "broadcast",
  "confirm",
  "replace",
  "invoice_paid",
  "channel_funded",
  "channel_opened",
  "identification_approved",
  "identification_rejected",
  "invoice_failed",
  "channel_failed",
  "payout_expired",
  "refund",
];
const byUsualOrder = (a: Step, b: Step) => order.indexOf(a.type) - order.indexOf(b.type);

/** One step with what it needs (a refund reason, a preimage, a failure code, a block count). */
function StepRow({ step, run, busy }: { step: Step; run: (event: DriveEvent) => void; busy: boolean }) {
  const t = useTranslations("simulator");
  const [code, setCode] = useState("");
  const [text, setText] = useState("");
  const id = `step-${step.type}`;
  const choice = (codes: readonly string[], label: string, words: (code: string) => string) => (
    <select
      aria-label={label}
      value={code || codes[0]}
      onChange={(e) => setCode(e.target.value)}
      className={inputClass.replace("w-full", "w-auto")}
    >
      {codes.map((c) => (
        <option key={c} value={c}>
          {words(c)}
        </option>
      ))}
    </select>
  );
  let extra = null;
  let event: () => DriveEvent;
  switch (step.type) {
    case "refund":
      extra = choice(refundCodes, t("refundReason"), (c) => t(`refundCodes.${c as (typeof refundCodes)[number]}`));
      event = () => ({ type: "refund", code: (code || refundCodes[0]) as (typeof refundCodes)[number] });
      break;
    case "invoice_failed":
      extra = choice(invoiceFailureCodes, t("failureCode"), (c) => t(`failureCodes.${c as (typeof invoiceFailureCodes)[number]}`));
      event = () => ({ type: "invoice_failed", failure_code: (code || invoiceFailureCodes[0]) as (typeof invoiceFailureCodes)[number] });
      break;
    case "channel_failed":
      extra = choice(channelFailureCodes, t("failureCode"), (c) => t(`failureCodes.${c as (typeof channelFailureCodes)[number]}`));
      event = () => ({ type: "channel_failed", failure_code: (code || channelFailureCodes[0]) as (typeof channelFailureCodes)[number] });
      break;
    case "confirm":
      // named by a label in sight: a lone number beside the button said nothing of what it counts
      extra = (
        <label htmlFor={`${id}-blocks`} className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-300">
          {t("blocks")}
          <input
            id={`${id}-blocks`}
            type="number"
            min={1}
            max={1000}
            value={text || "1"}
            onChange={(e) => setText(e.target.value)}
            className={inputClass.replace("w-full", "w-24")}
          />
        </label>
      );
      event = () => ({ type: "confirm", blocks: Number(text || "1") });
      break;
    case "invoice_paid":
      extra = (
        <input
          id={`${id}-preimage`}
          aria-label={t("preimage")}
          placeholder={t("preimagePlaceholder")}
          value={text}
          onChange={(e) => setText(e.target.value.trim())}
          className={`${inputClass} min-w-64 flex-1 font-mono`}
        />
      );
      event = () => ({ type: "invoice_paid", ...(text ? { preimage: text } : {}) });
      break;
    default: {
      const type = step.type;
      event = () => ({ type }) as DriveEvent;
    }
  }
  return (
    <li className="flex flex-wrap items-center gap-2">
      <Button type="button" size="sm" disabled={busy} onClick={() => run(event())}>
        {t(`steps.${step.type}`)}
      </Button>
      {extra}
    </li>
  );
}

/** The steps that fit the exchange now as buttons; the others listed with the reason they do not. */
export function StepList({ steps, run, busy }: { steps: Step[]; run: (event: DriveEvent) => void; busy: boolean }) {
  const t = useTranslations("simulator");
  const allowed = steps.filter((s) => s.allowed).sort(byUsualOrder);
  const refused = steps.filter((s) => !s.allowed).sort(byUsualOrder);
  return (
    <div className="flex flex-col gap-3">
      {allowed.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("nothing")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {allowed.map((step) => (
            <StepRow key={step.type} step={step} run={run} busy={busy} />
          ))}
        </ul>
      )}
      {refused.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">{t("notPossible", { count: refused.length })}</summary>
          <ul className="mt-2 flex flex-col gap-1.5">
            {refused.map((step) => (
              <li key={step.type} className="grid items-center gap-x-3 gap-y-0.5 sm:grid-cols-[12rem_1fr]">
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  disabled
                  aria-describedby={`why-${step.type}`}
                  className="justify-self-start"
                >
                  {t(`steps.${step.type}`)}
                </Button>
                <span id={`why-${step.type}`} className="text-xs text-zinc-600 dark:text-zinc-400">
                  {step.reason}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
