"use client";
import { useState } from "react";

const instructions: Record<string, { label: string; lightning: boolean; steps: (message: string) => string[] }> = {
  electrum: {
    label: "Electrum",
    lightning: false,
    steps: () => ["Addresses tab → right-click the address → Sign/verify message.", "Paste the message, press Sign, copy the signature."],
  },
  sparrow: {
    label: "Sparrow",
    lightning: false,
    steps: () => [
      "Tools → Sign/Verify Message, choose the address.",
      "Paste the message; for taproot pick BIP322. Sign and copy the signature.",
    ],
  },
  core: {
    label: "Bitcoin Core",
    lightning: false,
    steps: (m) => [`bitcoin-cli signmessage "<address>" "${m}"`, "Bitcoin Core signs legacy addresses only (1…, m…, n…)."],
  },
  lnd: { label: "lnd", lightning: true, steps: (m) => [`lncli signmessage --msg "${m}"`, "Copy the value of signature."] },
  cln: {
    label: "Core Lightning",
    lightning: true,
    steps: (m) => [`lightning-cli signmessage "${m}"`, "Copy the value of zbase (or signature)."],
  },
};

export function WalletInstructions({ message, lightning }: { message: string; lightning: boolean }) {
  const options = Object.entries(instructions).filter(([, v]) => v.lightning === lightning);
  const [tab, setTab] = useState(options[0]?.[0] ?? "electrum");
  const chosen = instructions[tab];
  return (
    <div className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <div role="tablist" aria-label="Wallet" className="mb-2 flex flex-wrap gap-1">
        {options.map(([key, value]) => (
          <button
            key={key}
            role="tab"
            type="button"
            id={`wallet-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="wallet-instructions"
            onClick={() => setTab(key)}
            className={
              "rounded px-2 py-1 text-xs focus-visible:outline-2 focus-visible:outline-orange-500 " +
              (tab === key ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900" : "bg-zinc-100 dark:bg-zinc-800")
            }
          >
            {value.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="wallet-instructions" aria-labelledby={`wallet-tab-${tab}`}>
        <ol className="list-inside list-decimal space-y-1 text-xs text-zinc-600 dark:text-zinc-300">
          {chosen?.steps(message).map((step) => (
            <li key={step} className="wrap-anywhere">
              {step}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
