import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sealingKeyChecks, tenants } from "@/lib/db/schema";
import { decryptSecret, SealedDataError } from "./encryption";
import { env } from "@/lib/env";

// Is this process's APP_ENCRYPTION_KEY the one the database's sealed data was made with? The
// database keeps a check value of the key (an HMAC of a fixed text under it, never the key): the
// first process that seals anything records it, and every server start and every run of the admin
// command line compares its own before it touches sealed data. A wrong key is then a clear error
// naming the key, at once, instead of credentials that cannot be read later.

const NAME = "APP_ENCRYPTION_KEY";
const CHECKED_TEXT = "exchange-dashboard: sealing key check, version 1";

/** The check value of a key: 128 bits of an HMAC-SHA256, hex. */
export function sealingKeyCheck(keyHex: string): string {
  return createHmac("sha256", Buffer.from(keyHex, "hex")).update(CHECKED_TEXT).digest("hex").slice(0, 32);
}

export class SealingKeyMismatch extends Error {
  constructor(detail: string) {
    super(
      `${NAME} ${detail}. Start every instance, and run the admin command line, with the ${NAME} the data was sealed with ` +
        "(docs/operations.md#rotating-secrets).",
    );
    this.name = "SealingKeyMismatch";
  }
}

/** Whether the database already holds sealed data or a check value: a key for it must then be given, not made up. */
export async function holdsSealedData(db: Db): Promise<boolean> {
  const [check] = await db.select({ name: sealingKeyChecks.name }).from(sealingKeyChecks).where(eq(sealingKeyChecks.name, NAME));
  if (check) return true;
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).limit(1);
  return Boolean(tenant);
}

/**
 * Refuses (SealingKeyMismatch) a key that is not the database's. Without a recorded check value,
 * the key must unseal a tenant's credentials where there are any (a database from before the
 * check), and is then recorded as the database's key.
 */
export async function verifySealingKey(db: Db, keyHex = env().secrets.APP_ENCRYPTION_KEY): Promise<void> {
  const mine = sealingKeyCheck(keyHex);
  const [recorded] = await db.select().from(sealingKeyChecks).where(eq(sealingKeyChecks.name, NAME));
  if (recorded) {
    const same = recorded.checkValue.length === mine.length && timingSafeEqual(Buffer.from(recorded.checkValue), Buffer.from(mine));
    if (!same) throw new SealingKeyMismatch("is not the key this database's credentials and secrets were sealed with");
    return;
  }
  const [tenant] = await db.select({ clientIdEnc: tenants.clientIdEnc }).from(tenants).limit(1);
  if (tenant) {
    try {
      decryptSecret(tenant.clientIdEnc, keyHex);
    } catch (error) {
      if (error instanceof SealedDataError) throw new SealingKeyMismatch("cannot unseal the tenant credentials stored in this database");
      throw error;
    }
  }
  await db.insert(sealingKeyChecks).values({ name: NAME, checkValue: mine, createdAt: new Date() }).onConflictDoNothing();
  // two first starts at once: whichever recorded its check, both must agree with it
  const [now] = await db.select().from(sealingKeyChecks).where(eq(sealingKeyChecks.name, NAME));
  if (now && now.checkValue !== mine) throw new SealingKeyMismatch("is not the key another instance recorded for this database");
}
