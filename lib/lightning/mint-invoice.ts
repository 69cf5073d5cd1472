import { createHash, randomBytes } from "node:crypto";
import bolt11 from "bolt11";
import { invoicePrefix, type NetworkName } from "@/lib/bitcoin/networks";
import { bolt11Network } from "./invoice";

export type MintedInvoice = { invoice: string; preimage: string; paymentHash: string };

/**
 * A BOLT 11 invoice signed with a node's private key, for a fresh preimage that the caller keeps:
 * what a payee's node makes. The test wallet and the sandbox's test Lightning Addresses use it.
 * `descriptionHash` (hex) replaces the description, as LUD-06 asks of a payRequest's invoice.
 */
export function mintInvoice(options: {
  privateKey: Uint8Array;
  msat: bigint | null;
  now: Date;
  network: NetworkName;
  expirySeconds?: number;
  description?: string;
  descriptionHash?: string;
}): MintedInvoice {
  const preimage = randomBytes(32);
  const paymentHash = createHash("sha256").update(preimage).digest("hex");
  const encoded = bolt11.encode(
    {
      network: bolt11Network(invoicePrefix[options.network]),
      ...(options.msat === null ? {} : { millisatoshis: options.msat.toString() }),
      timestamp: Math.floor(options.now.getTime() / 1000),
      tags: [
        { tagName: "payment_hash", data: paymentHash },
        { tagName: "payment_secret", data: randomBytes(32).toString("hex") },
        {
          tagName: "feature_bits",
          data: {
            word_length: 4,
            var_onion_optin: { required: false, supported: true },
            payment_secret: { required: true, supported: true },
          },
        },
        options.descriptionHash
          ? { tagName: "purpose_commit_hash", data: options.descriptionHash }
          : { tagName: "description", data: options.description ?? "" },
        { tagName: "expire_time", data: options.expirySeconds ?? 3600 },
      ],
    },
    false,
  );
  const signed = bolt11.sign(encoded, Buffer.from(options.privateKey));
  if (!signed.paymentRequest) throw new Error("The invoice could not be signed");
  return { invoice: signed.paymentRequest, preimage: preimage.toString("hex"), paymentHash };
}
