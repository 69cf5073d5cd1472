"use client";
import { useTranslations } from "next-intl";
import { Field, TextInput } from "@/components/ui/field";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { CheckLine } from "./check-line";
import type { Draft, PayoutKind } from "./draft";
import { LOADING_CHECK, type Checks } from "./use-checks";

type StepProps = { draft: Draft; update: (patch: Partial<Draft>) => void; network: NetworkName; serverError?: string | null };

const kinds: PayoutKind[] = ["address", "xpub", "lightning"];

export function KindStep({ draft, update }: StepProps) {
  const t = useTranslations("orders.wizard.kind");
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{t("legend")}</legend>
      {kinds.map((kind) => (
        <label
          key={kind}
          className={
            "flex cursor-pointer gap-3 rounded-lg border p-3 focus-within:outline-2 focus-within:outline-orange-500 " +
            (draft.kind === kind ? "border-orange-500 bg-orange-50 dark:bg-orange-950/40" : "border-zinc-200 dark:border-zinc-800")
          }
        >
          <input
            type="radio"
            name="kind"
            value={kind}
            checked={draft.kind === kind}
            onChange={() => update({ kind, signature: "" })}
            className="mt-1 accent-orange-600"
          />
          <span>
            <span className="block text-sm font-medium">{t(`${kind}.title`)}</span>
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">{t(`${kind}.text`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function DestinationStep({ draft, update, network, serverError, checks }: StepProps & { checks: Checks | null }) {
  const t = useTranslations("orders.wizard.destination");
  const check = checks ? checks.checkDestination(draft, network) : LOADING_CHECK;
  const touched = draft.kind === "lightning" ? draft.nodePubkey !== "" : draft.address !== "";
  return (
    <div className="flex flex-col gap-4">
      {draft.kind === "lightning" ? (
        <Field id="node-pubkey" label={t("node")} error={serverError} hint={t("nodeHint")}>
          <TextInput
            id="node-pubkey"
            className="font-mono"
            value={draft.nodePubkey}
            onChange={(e) => update({ nodePubkey: e.target.value, signature: "" })}
            spellCheck={false}
            autoComplete="off"
          />
        </Field>
      ) : (
        <>
          {draft.kind === "xpub" && (
            <>
              <Field id="xpub" label={t("xpub")} hint={t("xpubHint")}>
                <TextInput
                  id="xpub"
                  className="font-mono"
                  value={draft.xpub}
                  onChange={(e) => update({ xpub: e.target.value.trim(), signature: "" })}
                  spellCheck={false}
                  autoComplete="off"
                />
              </Field>
              <Field id="path" label={t("path")} hint={t("pathHint")}>
                <TextInput
                  id="path"
                  className="font-mono"
                  value={draft.path}
                  onChange={(e) => update({ path: e.target.value.trim(), signature: "" })}
                />
              </Field>
            </>
          )}
          <Field id="address" label={t("address", { network })} error={serverError}>
            <TextInput
              id="address"
              className="font-mono"
              value={draft.address}
              onChange={(e) => update({ address: e.target.value.trim(), signature: "" })}
              spellCheck={false}
              autoComplete="off"
            />
          </Field>
        </>
      )}
      {touched && <CheckLine check={check} testId="destination-check" />}
    </div>
  );
}
