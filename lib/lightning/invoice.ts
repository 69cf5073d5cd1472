import bolt11 from "bolt11";
import { invoicePrefix, type NetworkName } from "@/lib/bitcoin/networks";

export type DecodedInvoice = {
  network: NetworkName | "other";
  /** null when the invoice names no amount */
  millisatoshis: bigint | null;
  payeeNodeKey: string;
  paymentHash: string;
  description: string | null;
  /** The `h` tag (hex): sha256 of a description given elsewhere, as LUD-06 metadata. */
  descriptionHash: string | null;
  createdAt: Date;
  expiresAt: Date;
};

export class InvoiceError extends Error {
  constructor(
    readonly code: "invalid_invoice" | "invoice_network",
    message: string,
    /** For invoice_network: the network the invoice is for. */
    readonly found?: string,
  ) {
    super(message);
  }
}

const HRP = /^ln(bcrt|tbs|tb|bc|sb)(\d*[munp]?)$/;

const networkByPrefix: Record<string, NetworkName | undefined> = {
  bc: "mainnet",
  tb: "testnet",
  tbs: "signet",
  bcrt: "regtest",
};

/** bolt11's parameters for fallback addresses; signet shares testnet's. */
export function bolt11Network(prefix: string) {
  const testnetLike = prefix !== "bc";
  return {
    bech32: prefix,
    pubKeyHash: testnetLike ? 0x6f : 0x00,
    scriptHash: testnetLike ? 0xc4 : 0x05,
    validWitnessVersions: [0, 1],
  };
}

export function normalizeInvoice(text: string): string {
  return text
    .trim()
    .replace(/^lightning:/i, "")
    .toLowerCase();
}

/**
 * Decodes a BOLT 11 invoice and checks its signature (the payee key is recovered from it,
 * and must equal the `n` field when present). The network must be `expected`.
 */
export function decodeInvoice(text: string, expected: NetworkName): DecodedInvoice {
  const invoice = normalizeInvoice(text);
  const separator = invoice.lastIndexOf("1");
  const hrp = separator > 0 ? invoice.slice(0, separator) : "";
  const match = HRP.exec(hrp);
  if (!match?.[1]) throw new InvoiceError("invalid_invoice", "Not a BOLT 11 invoice");
  const prefix = match[1];
  // decoded (checksum, signature) before its network is compared: text that only begins like
  // another network's invoice is no invoice, not a network mistake
  let decoded: ReturnType<typeof bolt11.decode>;
  try {
    decoded = bolt11.decode(invoice, bolt11Network(prefix));
  } catch (error) {
    throw new InvoiceError("invalid_invoice", error instanceof Error ? error.message : "Invalid invoice");
  }
  if (prefix !== invoicePrefix[expected]) {
    const found = networkByPrefix[prefix] ?? prefix;
    throw new InvoiceError("invoice_network", `The invoice is for ${found}, not ${expected}`, found);
  }
  const tag = (name: string) => decoded.tags.find((t) => t.tagName === name)?.data;
  const paymentHash = tag("payment_hash");
  if (typeof paymentHash !== "string" || !/^[0-9a-f]{64}$/.test(paymentHash)) {
    throw new InvoiceError("invalid_invoice", "The invoice has no payment hash");
  }
  if (!decoded.payeeNodeKey || decoded.timestamp === undefined) {
    throw new InvoiceError("invalid_invoice", "The invoice signature cannot be checked");
  }
  const expiry = tag("expire_time");
  const seconds = typeof expiry === "number" ? expiry : 3600; // BOLT 11 default
  const description = tag("description");
  const descriptionHash = tag("purpose_commit_hash");
  return {
    network: networkByPrefix[prefix] ?? "other",
    millisatoshis: decoded.millisatoshis ? BigInt(decoded.millisatoshis) : null,
    payeeNodeKey: decoded.payeeNodeKey,
    paymentHash,
    description: typeof description === "string" ? description : null,
    descriptionHash: typeof descriptionHash === "string" ? descriptionHash : null,
    createdAt: new Date(decoded.timestamp * 1000),
    expiresAt: new Date((decoded.timestamp + seconds) * 1000),
  };
}

/** The payment hash of an invoice of any network, or null for text that is not a valid BOLT 11 invoice. */
export function paymentHashOf(text: string): string | null {
  const prefix = /^ln(bcrt|tbs|bc|tb)/.exec(normalizeInvoice(text))?.[1];
  const network = prefix ? networkByPrefix[prefix] : undefined;
  if (!network) return null;
  try {
    return decodeInvoice(text, network).paymentHash;
  } catch {
    return null;
  }
}
