"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";

type Wallet = "electrum" | "sparrow" | "core" | "lnd" | "cln";

/** Each wallet's name, and its steps: a command to run (as typed, not translated) or a sentence of the catalogue. */
const wallets: { key: Wallet; label: string; lightning: boolean; commands: (message: string) => string[]; sentences: string[] }[] = [
  { key: "electrum", label: "Electrum", lightning: false, commands: () => [], sentences: ["open", "sign"] },
  { key: "sparrow", label: "Sparrow", lightning: false, commands: () => [], sentences: ["open", "sign"] },
  {
    key: "core",
    label: "Bitcoin Core",
    lightning: false,
    commands: (m) => [`bitcoin-cli signmessage "<address>" "${m}"`],
    sentences: ["legacyOnly"],
  },
  { key: "lnd", label: "lnd", lightning: true, commands: (m) => [`lncli signmessage --msg "${m}"`], sentences: ["copy"] },
  { key: "cln", label: "Core Lightning", lightning: true, commands: (m) => [`lightning-cli signmessage "${m}"`], sentences: ["copy"] },
];

export function WalletInstructions({ message, lightning }: { message: string; lightning: boolean }) {
  const t = useTranslations("orders.wizard.wallets");
  const options = wallets.filter((w) => w.lightning === lightning);
  const [tab, setTab] = useState<Wallet>(options[0]?.key ?? "electrum");
  const chosen = wallets.find((w) => w.key === tab);
  const steps = chosen ? [...chosen.commands(message), ...chosen.sentences.map((s) => t(`${chosen.key}.${s}` as "electrum.open"))] : [];
  return (
    <div className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <div role="tablist" aria-label={t("label")} className="mb-2 flex flex-wrap gap-1">
        {options.map((wallet) => (
          <button
            key={wallet.key}
            role="tab"
            type="button"
            id={`wallet-tab-${wallet.key}`}
            aria-selected={tab === wallet.key}
            aria-controls="wallet-instructions"
            onClick={() => setTab(wallet.key)}
            className={
              "rounded px-2 py-1 text-xs focus-visible:outline-2 focus-visible:outline-orange-500 " +
              (tab === wallet.key ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900" : "bg-zinc-100 dark:bg-zinc-800")
            }
          >
            {wallet.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="wallet-instructions" aria-labelledby={`wallet-tab-${tab}`}>
        <ol className="list-inside list-decimal space-y-1 text-xs text-zinc-600 dark:text-zinc-300">
          {steps.map((step) => (
            <li key={step} className="wrap-anywhere">
              {step}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
