import "server-only";
import { sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db/client";
import { generatedMigrations } from "@/lib/db/migrate";
import { readinessSchema, type Readiness } from "@/lib/dashboard/contract/dashboard-api";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";

/** The database must answer within this for the instance to be ready. */
const DATABASE_CHECK_MS = 2_000;

let expected: string[] | undefined;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance should be sent traffic: not shutting down, the database answers, every
 * migration of this build is applied, and the LISTEN connection is up. Checks after a failing
 * one that they depend on are not run.
 */
export async function readiness(): Promise<Readiness> {
  const checks: Readiness["checks"] = { shutdown: "ok", database: "not_checked", migrations: "not_checked", bus: "not_checked" };
  if (serverRuntime().shutdown.stopping) checks.shutdown = "failing";
  else {
    try {
      const database = await withTimeout(getDatabase(), DATABASE_CHECK_MS);
      const applied = (await withTimeout(database.db.execute(sql`SELECT id FROM schema_migrations`), DATABASE_CHECK_MS)) as unknown as {
        rows: { id: string }[];
      };
      checks.database = "ok";
      expected ??= generatedMigrations().map((m) => m.id);
      const done = new Set(applied.rows.map((r) => r.id));
      checks.migrations = expected.every((id) => done.has(id)) ? "ok" : "failing";
      checks.bus = database.listening() ? "ok" : "failing";
    } catch {
      checks.database = "failing";
    }
  }
  const failing = readinessSchema.shape.failing.parse(
    Object.entries(checks).flatMap(([name, state]) => (state === "failing" ? [name] : [])),
  );
  return { ok: failing.length === 0, checks, failing };
}
