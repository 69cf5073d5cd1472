import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "./types";
import { migrations as legacyMigrations } from "./legacy-migrations/index";

// Applies the numbered SQL migrations that drizzle-kit generates from the schema into
// lib/db/migrations (npm run db:generate), in the order of its journal, each once, in one
// transaction under an advisory lock (instances that start together wait for each other).
// Applied migrations are recorded in schema_migrations by tag.
//
// Databases made by earlier versions were migrated by hand-written SQL (lib/db/legacy-migrations).
// Those first get the rest of that chain, which ends exactly where the generated baseline does
// (tests/integration/migrations.test.ts compares the two catalogs), and the baseline is recorded
// as applied; from then on they follow the journal like any other database.

const LOCK_KEY = 7_202_611;
const BASELINE = "0000_baseline";
/** drizzle-kit's separator between statements (the extended query protocol takes one at a time). */
const BREAKPOINT = "--> statement-breakpoint";

const journalSchema = z.object({ entries: z.array(z.object({ idx: z.number(), tag: z.string() })) });

/** The migrations folder: beside this module in the source tree, which is the working directory of every entry point. */
export const migrationsDir = () => path.join(process.cwd(), "lib", "db", "migrations");

export function generatedMigrations(dir = migrationsDir()): { id: string; statements: string[] }[] {
  const journal = journalSchema.parse(JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")));
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => ({
      id: tag,
      statements: readFileSync(path.join(dir, `${tag}.sql`), "utf8")
        .split(BREAKPOINT)
        .map((s) => s.trim())
        .filter((s) => s.replace(/--.*$/gm, "").trim() !== ""),
    }));
}

export async function migrate(database: Pick<Database, "db">): Promise<void> {
  const { db } = database;
  const generated = generatedMigrations();
  await db.transaction(async (tx) => {
    // instances starting together each get here: one at a time, the bookkeeping table included
    // (two "CREATE TABLE IF NOT EXISTS" at once can both pass the check and one then fails)
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const applied = (await tx.execute(sql`SELECT id FROM schema_migrations`)) as unknown as { rows: { id: string }[] };
    const done = new Set(applied.rows.map((r) => r.id));
    const record = (id: string) => tx.execute(sql`INSERT INTO schema_migrations (id) VALUES (${id})`);
    if (!done.has(BASELINE) && legacyMigrations.some((m) => done.has(m.id))) {
      for (const migration of legacyMigrations) {
        if (done.has(migration.id)) continue;
        // the hand-written files separate statements by ";" at a line's end
        for (const statement of migration.sql
          .split(/;\s*\n/)
          .map((s) => s.trim())
          .filter(Boolean))
          await tx.execute(sql.raw(statement));
        await record(migration.id);
      }
      await record(BASELINE);
      done.add(BASELINE);
    }
    for (const migration of generated) {
      if (done.has(migration.id)) continue;
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await record(migration.id);
    }
  });
}
