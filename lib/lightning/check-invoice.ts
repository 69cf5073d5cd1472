import { decodeInvoice, InvoiceError } from "./invoice";
import type { NetworkName } from "@/lib/bitcoin/networks";

/** A problem with a pasted invoice, as a message key of the `invoice.problems` catalogue and its values. */
export type InvoiceProblem = { key: string; values: Record<string, string | number> };

export type InvoiceCheck =
  | { ok: false; problem: InvoiceProblem }
  | {
      ok: true;
      sats: number | null;
      payee: string;
      network: string;
      expiresAt: Date;
      description: string | null;
      /** The `h` tag (hex), where a description is committed to rather than given. */
      descriptionHash: string | null;
      problems: InvoiceProblem[];
    };

/**
 * What the end user's invoice gets wrong, before it is sent: its network, its amount, its age,
 * its node. The amount's two usual wallet mistakes are named: an amount read in another unit
 * (a factor of 1 000 either way: msat for sat, or sat for the thousands a wallet shows), and an
 * amount asked before the network fee is taken.
 */
export function checkInvoice(
  text: string,
  expected: { network: NetworkName; sats: number; feeSats?: number; nodePubkey?: string | null; now: number },
): InvoiceCheck {
  let invoice;
  try {
    invoice = decodeInvoice(text, expected.network);
  } catch (error) {
    if (error instanceof InvoiceError && error.code === "invoice_network") {
      return { ok: false, problem: { key: "network", values: { found: error.found ?? "?", expected: expected.network } } };
    }
    return { ok: false, problem: { key: "invalid", values: {} } };
  }
  const sats = invoice.millisatoshis === null ? null : Number(invoice.millisatoshis) / 1000;
  const problems: InvoiceProblem[] = [];
  const want = expected.sats;
  if (sats === null) problems.push({ key: "noAmount", values: { expected: want } });
  else if (sats !== want) {
    const fee = expected.feeSats ?? 0;
    if (sats === want * 1000 || sats * 1000 === want) problems.push({ key: "wrongUnit", values: { found: sats, expected: want } });
    else if (fee > 0 && sats === want + fee) problems.push({ key: "beforeFee", values: { fee, expected: want } });
    else problems.push({ key: "wrongAmount", values: { found: sats, expected: want } });
  }
  if (invoice.expiresAt.getTime() <= expected.now) problems.push({ key: "expired", values: {} });
  if (expected.nodePubkey && invoice.payeeNodeKey !== expected.nodePubkey) problems.push({ key: "otherNode", values: {} });
  return {
    ok: true,
    sats,
    payee: invoice.payeeNodeKey,
    network: invoice.network,
    expiresAt: invoice.expiresAt,
    description: invoice.description,
    descriptionHash: invoice.descriptionHash,
    problems,
  };
}
