import { checkIban } from "@/lib/banking/iban";
import type { AddressType } from "@/lib/bitcoin/address";

// The order being composed. The checks of its destination and signature, with the same bitcoin
// libraries the service uses, are in checks.ts, loaded when the wizard reaches them.

export type PayoutKind = "address" | "xpub" | "lightning";

export type Draft = {
  kind: PayoutKind;
  address: string;
  xpub: string;
  path: string;
  nodePubkey: string;
  message: string;
  signature: string;
  currency: "eur" | "chf" | "gbp";
  iban: string;
  feePercent: string;
  affiliateId: string;
  active: boolean;
};

export const emptyDraft: Draft = {
  kind: "address",
  address: "",
  xpub: "",
  path: "m/0/0",
  nodePubkey: "",
  message: "",
  signature: "",
  currency: "eur",
  iban: "",
  feePercent: "2.5",
  affiliateId: "",
  active: true,
};

/** What a check found: a key of the catalogue's `orders.checks`, with its values. */
export type Check = { ok: boolean; key: string; values?: Record<string, string>; type?: AddressType };

export function checkPayerIban(iban: string) {
  return checkIban(iban);
}

export function feeRateOf(draft: Draft): number | null {
  const value = Number(draft.feePercent.replace(",", "."));
  if (!Number.isFinite(value) || value < 1.2 || value > 4.5) return null;
  return Number((value / 100).toFixed(6));
}
