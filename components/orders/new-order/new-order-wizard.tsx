"use client";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useCanMutate, useReadOnlyHint, useShellUser } from "@/components/shell/session-context";
import { ApiClientError, apiFetch } from "@/lib/dashboard/client/api";
import { useErrorMessage } from "@/lib/dashboard/client/messages";
import { orderCreateSchema, orderSchema } from "@/lib/service-api/schemas";
import { checkPayerIban, emptyDraft, feeRateOf, type Draft } from "./draft";
import { useChecks } from "./use-checks";
import { DestinationStep, KindStep } from "./destination-steps";
import { PaymentStep, PricingStep } from "./payment-steps";
import { ReviewStep } from "./review-step";
import { ProofStep } from "./proof-step";
import { composeMessage, useChallenge } from "./use-challenge";

const steps = ["kind", "destination", "proof", "payment", "fee", "review"] as const;

/** Which step an error code of the service belongs to, so it is shown next to its field. */
const stepOfError: Record<string, number> = {
  invalid_address: 1,
  address_network: 1,
  invalid_extended_public_key: 1,
  derivation_mismatch: 1,
  invalid_node_pubkey: 1,
  invalid_signature: 2,
  challenge_not_found: 2,
  challenge_expired: 2,
  challenge_used: 2,
  invalid_iban: 3,
  unsupported_currency: 3,
  fee_rate_out_of_range: 4,
  affiliate_not_found: 4,
};

function body(draft: Draft) {
  const payout =
    draft.kind === "lightning"
      ? { node_pubkey: draft.nodePubkey.trim().toLowerCase(), message: draft.message, signature: draft.signature }
      : {
          bitcoin_address: draft.address.trim(),
          message: draft.message,
          signature: draft.signature,
          ...(draft.kind === "xpub" ? { extended_public_key: draft.xpub, derivation_path: draft.path } : {}),
        };
  return orderCreateSchema.safeParse({
    active: draft.active,
    fee_rate: feeRateOf(draft),
    payment_method: { currency: draft.currency, debitor_iban: draft.iban },
    payout_method: payout,
    ...(draft.affiliateId ? { affiliate_id: draft.affiliateId } : {}),
  });
}

/** An agreement an order may name: its id (the order's affiliate_id) and the label it was given in Settings. */
export type AgreementChoice = { affiliate_id: string; label: string | null };

/** Creating the order: a refusal of the service is shown at the step its field belongs to. */
function useCreateOrder(draft: Draft, setStep: (step: number) => void) {
  const t = useTranslations("orders.wizard");
  const messageFor = useErrorMessage();
  const router = useRouter();
  const [serverError, setServerError] = useState<{ step: number; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const errorFor = (i: number) => (serverError?.step === i ? serverError.text : null);
  const submit = async () => {
    const parsed = body(draft);
    if (!parsed.success) return setServerError({ step: 5, text: t("incomplete") });
    setBusy(true);
    setServerError(null);
    try {
      const order = await apiFetch("/api/orders", orderSchema, { method: "POST", body: parsed.data });
      router.push(`/orders/${order.id}`);
    } catch (error) {
      const code = error instanceof ApiClientError ? error.code : "unexpected_response";
      const target = stepOfError[code] ?? 5;
      setServerError({ step: target, text: messageFor(code) });
      setStep(target);
    } finally {
      setBusy(false);
    }
  };
  return { busy, errorFor, submit };
}

/** The wizard's steps in a row: the current one marked, those done shaded. */
function StepList({ step }: { step: number }) {
  const t = useTranslations("orders.wizard");
  return (
    <ol className="flex flex-wrap gap-2 text-xs" aria-label={t("steps")}>
      {steps.map((name, i) => (
        <li
          key={name}
          aria-current={i === step ? "step" : undefined}
          className={
            "rounded-full px-3 py-1 " +
            (i === step
              ? "bg-orange-700 text-white"
              : i < step
                ? "bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200"
                : "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300")
          }
        >
          {i + 1}. {t(`step.${name}`)}
        </li>
      ))}
    </ol>
  );
}

/** A new order, step by step: each step checked before the next, the service's refusal shown at its step. */
export function NewOrderWizard({ agreements }: { agreements: AgreementChoice[] }) {
  const t = useTranslations("orders.wizard");
  const readOnlyHint = useReadOnlyHint();
  const canMutate = useCanMutate();
  const { network } = useShellUser();
  const [step, setStep] = useState(0);
  const [input, setDraft] = useState<Draft>(emptyDraft);
  const challengeState = useChallenge(step >= 2);
  const token = challengeState.challenge?.token;
  const destination = input.kind === "lightning" ? input.nodePubkey.trim() : input.address.trim();
  // the message is derived: it always names the destination and the current challenge
  const draft: Draft = { ...input, message: token ? composeMessage(destination, token) : "" };
  const update = useCallback((patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch })), []);
  const { busy, errorFor, submit } = useCreateOrder(draft, setStep);
  // the bitcoin libraries load when the destination step is reached, not with the page
  const checks = useChecks(step >= 1);

  const ready = [
    true,
    checks?.checkDestination(draft, network).ok ?? false,
    checks?.checkSignature(draft, network).ok ?? false,
    checkPayerIban(draft.iban).valid,
    feeRateOf(draft) !== null,
    true,
  ];

  if (!canMutate) return <p className="text-sm text-zinc-500 dark:text-zinc-400">{readOnlyHint}</p>;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <StepList step={step} />
      <Card title={t(`step.${steps[step] ?? "review"}`)} labelId="wizard-step">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (step === steps.length - 1) void submit();
            else if (ready[step]) setStep(step + 1);
          }}
          className="flex flex-col gap-6"
        >
          {step === 0 && <KindStep draft={draft} update={update} network={network} />}
          {step === 1 && <DestinationStep draft={draft} update={update} network={network} serverError={errorFor(1)} checks={checks} />}
          {step === 2 && (
            <ProofStep
              draft={draft}
              update={update}
              network={network}
              serverError={errorFor(2)}
              challengeState={challengeState}
              checks={checks}
            />
          )}
          {step === 3 && <PaymentStep draft={draft} update={update} serverError={errorFor(3)} />}
          {step === 4 && <PricingStep draft={draft} update={update} serverError={errorFor(4)} agreements={agreements} />}
          {step === 5 && <ReviewStep draft={draft} agreements={agreements} error={errorFor(5)} />}
          <div className="flex justify-between gap-2">
            <Button type="button" variant="ghost" onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0}>
              {t("back")}
            </Button>
            <Button type="submit" disabled={!ready[step] || busy}>
              {step === steps.length - 1 ? (busy ? t("creating") : t("create")) : t("continue")}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
