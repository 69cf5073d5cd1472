import "server-only";
import type { Database } from "./client";
import { migrations } from "./migrations/index";
import { sql } from "drizzle-orm";

const LOCK_KEY = 7_202_611; // advisory lock: one migrator at a time across instances

export async function migrate(database: Database): Promise<void> {
  const { db } = database;
  await database.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
    const applied = (await tx.execute(sql`SELECT id FROM schema_migrations`)) as { rows: { id: string }[] };
    const done = new Set(applied.rows.map((r) => r.id));
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      // one statement per call: the extended query protocol takes no batches
      for (const statement of migration.sql.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) {
        await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`INSERT INTO schema_migrations (id) VALUES (${migration.id})`);
    }
  });
}
