import "server-only";
import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { hexToBytes } from "@noble/hashes/utils.js";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { sandboxAddressInvoices, sandboxLightningAddresses } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { mintInvoice } from "@/lib/lightning/mint-invoice";
import { nodePubkeyOf } from "@/lib/lightning/node-signature";
import { sandboxNow } from "../clock";

// Test Lightning Addresses (LUD-16): name@<the sandbox's host> answers a LUD-06 payRequest and
// mints invoices signed with a node key that the operator registered, so a test can pay an
// order's node through its address, offline. The sandbox keeps each invoice's preimage, so the
// operator's invoice_paid step can pay it without one.

/** LUD-16's characters for the part before the @. */
export const ADDRESS_NAME = /^[a-z0-9\-_.+]{1,64}$/;

export const lightningAddressCreateSchema = z.strictObject({
  name: z.string().regex(ADDRESS_NAME, "1-64 of a-z 0-9 - _ . +"),
  node_private_key: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "32 bytes, hex")
    .refine((hex) => nodePubkeyOrNull(hex) !== null, "not a valid secp256k1 private key"),
});

const MIN_SENDABLE_MSAT = 1_000;
const MAX_SENDABLE_MSAT = 100_000_000_000; // 1 BTC
const INVOICE_EXPIRY_SECONDS = 600;

function nodePubkeyOrNull(hex: string): string | null {
  try {
    return nodePubkeyOf(hexToBytes(hex.toLowerCase()));
  } catch {
    return null;
  }
}

const sandboxHost = () => new URL(env().sandboxPublicUrl).host;

function describe(row: typeof sandboxLightningAddresses.$inferSelect) {
  return {
    name: row.name,
    address: `${row.name}@${sandboxHost()}`,
    node_pubkey: row.nodePubkey,
    lnurlp: `${env().sandboxPublicUrl}/.well-known/lnurlp/${row.name}`,
    created_on: row.createdOn.toISOString(),
  };
}

/** Registers a name; the same name with the same key again is a no-op, with another key a conflict. */
export async function registerLightningAddress(db: Db, input: z.infer<typeof lightningAddressCreateSchema>) {
  const key = input.node_private_key.toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(sandboxLightningAddresses)
      .where(eq(sandboxLightningAddresses.name, input.name))
      .for("update");
    if (existing) {
      if (existing.nodePrivateKey !== key) throw new ApiError("conflict", "This name is registered with another node key");
      return { created: false, address: describe(existing) };
    }
    const [row] = await tx
      .insert(sandboxLightningAddresses)
      .values({ name: input.name, nodePrivateKey: key, nodePubkey: nodePubkeyOrNull(key) ?? "", createdOn: await sandboxNow(tx) })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return { created: true, address: describe(row) };
  });
}

/** Every registered address, without its key. */
export async function listLightningAddresses(db: Db) {
  const rows = await db.select().from(sandboxLightningAddresses).orderBy(asc(sandboxLightningAddresses.name));
  return { items: rows.map(describe) };
}

async function addressRow(db: Db, name: string) {
  const [row] = ADDRESS_NAME.test(name)
    ? await db.select().from(sandboxLightningAddresses).where(eq(sandboxLightningAddresses.name, name))
    : [];
  if (!row) throw new ApiError("not_found", `No Lightning Address ${name}@${sandboxHost()}`);
  return row;
}

/** LUD-06 metadata: a plain description and, as LUD-16 asks, the address itself. */
const metadataOf = (name: string) =>
  JSON.stringify([
    ["text/plain", `Payment to ${name}@${sandboxHost()} (sandbox)`],
    ["text/identifier", `${name}@${sandboxHost()}`],
  ]);

// GET /.well-known/lnurlp/{name}
export async function payRequest(db: Db, name: string) {
  const row = await addressRow(db, name);
  return {
    tag: "payRequest",
    callback: `${env().sandboxPublicUrl}/lnurlp/${row.name}/callback`,
    minSendable: MIN_SENDABLE_MSAT,
    maxSendable: MAX_SENDABLE_MSAT,
    metadata: metadataOf(row.name),
    commentAllowed: 0,
  };
}

// GET /sandbox/lnurlp/{name}/callback?amount=<msat>
export async function payRequestCallback(db: Db, name: string, amountText: string | null) {
  const row = await addressRow(db, name);
  const amount = /^\d{1,15}$/.test(amountText ?? "") ? Number(amountText) : NaN;
  if (!(amount >= MIN_SENDABLE_MSAT && amount <= MAX_SENDABLE_MSAT)) {
    throw new ApiError("invalid_request", `amount must be between ${MIN_SENDABLE_MSAT} and ${MAX_SENDABLE_MSAT} msat`);
  }
  const now = await sandboxNow(db);
  const minted = mintInvoice({
    privateKey: hexToBytes(row.nodePrivateKey),
    msat: BigInt(amount),
    now,
    network: env().sandboxNetwork,
    expirySeconds: INVOICE_EXPIRY_SECONDS,
    descriptionHash: createHash("sha256").update(metadataOf(row.name)).digest("hex"),
  });
  await db.insert(sandboxAddressInvoices).values({
    paymentHash: minted.paymentHash,
    name: row.name,
    preimage: minted.preimage,
    amountMsat: BigInt(amount),
    createdOn: now,
  });
  return { pr: minted.invoice, routes: [] };
}

/** The preimage of an invoice minted for a test address, if the sandbox minted it. */
export async function mintedPreimage(db: Db, paymentHash: string): Promise<string | null> {
  const [row] = await db.select().from(sandboxAddressInvoices).where(eq(sandboxAddressInvoices.paymentHash, paymentHash));
  return row?.preimage ?? null;
}
