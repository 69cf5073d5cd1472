"use client";
import { Field, TextInput } from "@/components/ui/field";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { CheckLine } from "./check-line";
import type { Draft, PayoutKind } from "./draft";
import { LOADING_CHECK, type Checks } from "./use-checks";

type StepProps = { draft: Draft; update: (patch: Partial<Draft>) => void; network: NetworkName; serverError?: string | null };

const kinds: { value: PayoutKind; title: string; text: string }[] = [
  { value: "address", title: "On-chain address", text: "Every payout goes to one bitcoin address." },
  {
    value: "xpub",
    title: "On-chain with extended public key",
    text: "A fresh address of your wallet for every payout (xpub, zpub, vpub, …).",
  },
  { value: "lightning", title: "Lightning node", text: "Payouts over Lightning, by invoice or a new channel (beta)." },
];

export function KindStep({ draft, update }: StepProps) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">Where should the bitcoin go?</legend>
      {kinds.map((kind) => (
        <label
          key={kind.value}
          className={
            "flex cursor-pointer gap-3 rounded-lg border p-3 focus-within:outline-2 focus-within:outline-orange-500 " +
            (draft.kind === kind.value ? "border-orange-500 bg-orange-50 dark:bg-orange-950/40" : "border-zinc-200 dark:border-zinc-800")
          }
        >
          <input
            type="radio"
            name="kind"
            value={kind.value}
            checked={draft.kind === kind.value}
            onChange={() => update({ kind: kind.value, signature: "" })}
            className="mt-1 accent-orange-600"
          />
          <span>
            <span className="block text-sm font-medium">{kind.title}</span>
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">{kind.text}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function DestinationStep({ draft, update, network, serverError, checks }: StepProps & { checks: Checks | null }) {
  const check = checks ? checks.checkDestination(draft, network) : LOADING_CHECK;
  const touched = draft.kind === "lightning" ? draft.nodePubkey !== "" : draft.address !== "";
  return (
    <div className="flex flex-col gap-4">
      {draft.kind === "lightning" ? (
        <Field
          id="node-pubkey"
          label="Node public key"
          error={serverError}
          hint="lncli getinfo → identity_pubkey; lightning-cli getinfo → id"
        >
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
              <Field
                id="xpub"
                label="Extended public key"
                hint="From your wallet's account details (xpub/ypub/zpub, or tpub/upub/vpub on test networks)."
              >
                <TextInput
                  id="xpub"
                  className="font-mono"
                  value={draft.xpub}
                  onChange={(e) => update({ xpub: e.target.value.trim(), signature: "" })}
                  spellCheck={false}
                  autoComplete="off"
                />
              </Field>
              <Field
                id="path"
                label="Derivation path of the address below"
                hint="Relative to the key, e.g. m/0/0 for the first receiving address."
              >
                <TextInput
                  id="path"
                  className="font-mono"
                  value={draft.path}
                  onChange={(e) => update({ path: e.target.value.trim(), signature: "" })}
                />
              </Field>
            </>
          )}
          <Field id="address" label={`Bitcoin address (${network})`} error={serverError}>
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
