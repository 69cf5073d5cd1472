// For unit tests: a real PGlite in memory with the app's migrations (no DATA_DIR, no env).
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { Database, Db } from "./client";
import { migrate } from "./migrate";
import * as schema from "./schema";

/** The migrated database and its PGlite client (for LISTEN). */
export async function openMemoryDatabase(): Promise<{ db: Db; client: PGlite }> {
  const client = await PGlite.create();
  const db = drizzle({ client, schema }) as unknown as Db;
  await migrate({ db, exec: async (sql: string) => void (await client.exec(sql)) } as Database);
  return { db, client };
}

export async function memoryDatabase(): Promise<Db> {
  return (await openMemoryDatabase()).db;
}

/** A bare tenant row for unit tests (no credentials: nothing calls its service). */
export async function insertTestTenant(db: Db, id: string, baseUrl: string): Promise<void> {
  await db.insert(schema.tenants).values({
    id,
    name: "T",
    baseUrl,
    clientIdEnc: "x",
    webhookSecretEnc: "x",
    webhookEndpointId: id,
    isDefault: false,
    createdAt: new Date(),
  });
}
