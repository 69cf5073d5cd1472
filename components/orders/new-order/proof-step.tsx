"use client";
import { useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { CopyValueButton } from "@/components/ui/copy-value-button";
import { Field, TextArea } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/states";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { CheckLine } from "./check-line";
import type { Draft } from "./draft";
import { LOADING_CHECK, type Checks } from "./use-checks";
import type { useChallenge } from "./use-challenge";
import { WalletInstructions } from "./wallet-instructions";
import { formatCountdown } from "@/components/payouts/use-countdown";

type WebLN = { enable: () => Promise<void>; signMessage: (message: string) => Promise<{ signature: string }> };
const webln = () => (globalThis as { webln?: WebLN }).webln;

const noSubscription = () => () => {};

type Props = {
  draft: Draft;
  update: (patch: Partial<Draft>) => void;
  network: NetworkName;
  serverError?: string | null;
  challengeState: ReturnType<typeof useChallenge>;
  /** The signature check, once loaded. */
  checks: Checks | null;
};

/** The ownership proof: a challenge in a message, signed by the destination's key, checked here first. */
export function ProofStep({ draft, update, network, serverError, challengeState, checks }: Props) {
  const t = useTranslations("orders.wizard.proof");
  const { challenge, error, renew, secondsLeft } = challengeState;
  const hasWebln = useSyncExternalStore(
    noSubscription,
    () => Boolean(webln()),
    () => false,
  );
  if (error) return <ErrorState error={error} retry={() => renew()} />;
  if (!challenge) return <p role="status">{t("gettingChallenge")}</p>;
  const expired = secondsLeft === 0;
  const check = checks ? checks.checkSignature(draft, network) : LOADING_CHECK;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium">{t("sign", { lightning: draft.kind === "lightning" ? "yes" : "no" })}</p>
        <div className="flex items-start gap-2 rounded-md bg-zinc-100 p-3 dark:bg-zinc-800">
          <code className="flex-1 text-sm wrap-anywhere" data-testid="message-to-sign">
            {draft.message}
          </code>
          <CopyValueButton value={draft.message} />
        </div>
        <p
          className={`text-xs ${expired || secondsLeft < 120 ? "text-red-600 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400"}`}
          role="timer"
        >
          {expired ? t("expired") : t("validFor", { time: formatCountdown(secondsLeft) })}{" "}
          <button type="button" className="underline" onClick={() => renew()}>
            {t("renew")}
          </button>
        </p>
      </div>
      <WalletInstructions message={draft.message} lightning={draft.kind === "lightning"} />
      {draft.kind === "lightning" && hasWebln && (
        <Button
          type="button"
          variant="secondary"
          onClick={async () => {
            const provider = webln();
            if (!provider) return;
            await provider.enable();
            const { signature } = await provider.signMessage(draft.message);
            update({ signature });
          }}
        >
          {t("webln")}
        </Button>
      )}
      <Field id="signature" label={t("signature")} error={serverError}>
        <TextArea
          id="signature"
          rows={3}
          value={draft.signature}
          onChange={(e) => update({ signature: e.target.value.trim() })}
          spellCheck={false}
        />
      </Field>
      {draft.signature && <CheckLine check={check} testId="signature-check" />}
    </div>
  );
}
