import { afterAll, describe, expect, inject, it } from "vitest";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "@/lib/db/client";
import { catalog } from "@/lib/db/catalog";
import { generatedMigrations, migrate } from "@/lib/db/migrate";
import { migrations as legacyMigrations } from "@/lib/db/legacy-migrations/index";

// What the first release applied: the first two hand-written migrations, which never change
// (lib/db/legacy-migrations holds them byte for byte as that release shipped them).
const firstRelease = legacyMigrations.filter((m) => ["0001_sandbox_and_dashboard", "0002_dashboard_index"].includes(m.id));

// The database schema has one source: lib/db/schema (drizzle). The SQL migrations are generated
// from it by drizzle-kit and checked in; the app applies them in journal order. Here: the
// checked-in files are exactly what drizzle-kit generates now (no drift), and a database made by
// the first release upgrades in place to the same catalog as a fresh one, data kept, on PGlite
// and (with TEST_DATABASE_URL) on PostgreSQL.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

type Handle = { db: Db; exec: (s: string) => Promise<void>; close: () => Promise<void> };

async function pglite(): Promise<Handle> {
  const client = await PGlite.create();
  return { db: drizzlePglite({ client }) as unknown as Db, exec: async (s) => void (await client.exec(s)), close: () => client.close() };
}

// the suite's engine: PostgreSQL when the suite runs against it (TEST_DATABASE_URL), else PGlite
const pgUrl = inject("databaseUrl") || undefined;
const scratch: string[] = [];
async function postgres(): Promise<Handle> {
  const name = `migrations_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  scratch.push(name);
  const url = new URL(pgUrl ?? "");
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return { db: drizzlePg({ client: pool }) as unknown as Db, exec: async (s) => void (await pool.query(s)), close: () => pool.end() };
}
afterAll(async () => {
  if (!pgUrl || scratch.length === 0) return;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  for (const name of scratch) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.end();
});

/** A database as the first release left it: its migrations, by its own runner, and some data. */
async function firstReleaseDatabase(handle: Handle) {
  await handle.exec("CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
  for (const migration of firstRelease) {
    for (const statement of migration.sql
      .split(/;\s*\n/)
      .map((s) => s.trim())
      .filter(Boolean))
      await handle.db.execute(sql.raw(statement));
    await handle.db.execute(sql`INSERT INTO schema_migrations (id) VALUES (${migration.id})`);
  }
  const tenants = [randomUUID(), randomUUID()];
  for (const id of tenants) {
    await handle.db.execute(
      sql`INSERT INTO tenants (id, name, base_url, client_id_enc, webhook_secret_enc, webhook_endpoint_id, is_default, created_at)
          VALUES (${id}, 'T', 'http://x', 'x', 'x', ${id}, false, now())`,
    );
  }
  // events of both tenants interleaved: each tenant's cursor counts its own, in arrival order
  for (let i = 0; i < 6; i++) {
    const tenant = tenants[i % 2] ?? "";
    await handle.db.execute(
      sql`INSERT INTO webhook_events (tenant_id, body_sha256, raw_body, received_at) VALUES (${tenant}, ${`sha${i}`}, '{}', now())`,
    );
  }
  await handle.db.execute(
    sql`INSERT INTO exchanges (id, tenant_id, order_id, state, first_seen_at)
        VALUES (${randomUUID()}, ${tenants[0] ?? ""}, ${randomUUID()}, 'executed', now())`,
  );
  return tenants;
}

async function upgradeMatchesFresh(open: () => Promise<Handle>) {
  const fresh = await open();
  const old = await open();
  try {
    await migrate(fresh);
    const tenants = await firstReleaseDatabase(old);
    await migrate(old);
    expect(await catalog(old.db)).toEqual(await catalog(fresh.db));

    // the data came along: cursors per tenant in arrival order, counters at the last one
    const seqs = await rows<{ tenant_id: string; seq: string }>(old.db, sql`SELECT tenant_id, seq FROM webhook_events ORDER BY id`);
    expect(seqs.map((r) => Number(r.seq))).toEqual([1, 1, 2, 2, 3, 3]);
    const cursors = await rows<{ tenant_id: string; seq: string }>(old.db, sql`SELECT tenant_id, seq FROM event_cursors ORDER BY seq`);
    expect(cursors.map((c) => [c.tenant_id, Number(c.seq)]).sort()).toEqual(tenants.map((t) => [t, 3]).sort());
    expect((await rows<{ n: number }>(old.db, sql`SELECT count(*)::int AS n FROM exchanges`))[0]?.n).toBe(1);

    // every journal entry is recorded, and a second start changes nothing
    const applied = await rows<{ id: string }>(old.db, sql`SELECT id FROM schema_migrations`);
    for (const { id } of generatedMigrations()) expect(applied.map((a) => a.id)).toContain(id);
    const before = await catalog(old.db);
    await migrate(old);
    expect(await catalog(old.db)).toEqual(before);
    expect(await rows<{ id: number }>(old.db, sql`SELECT id FROM sandbox_state`)).toEqual([{ id: 1 }]);
  } finally {
    await fresh.close();
    await old.close();
  }
}

describe("database migrations", () => {
  it("the checked-in SQL is what drizzle-kit generates from the schema now (no drift)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
    cpSync(path.join(root, "lib/db/migrations"), path.join(dir, "migrations"), { recursive: true });
    const before = readdirSync(path.join(dir, "migrations")).sort();
    // drizzle-kit reads `out` relative to its working directory
    writeFileSync(
      path.join(dir, "drizzle.config.json"),
      JSON.stringify({
        dialect: "postgresql",
        // every table module of the schema (index.ts re-exports them; columns.ts holds no table)
        schema: readdirSync(path.join(root, "lib/db/schema"))
          .filter((file) => file.endsWith(".ts") && !["index.ts", "columns.ts"].includes(file))
          .map((file) => path.join(root, "lib/db/schema", file)),
        out: "./migrations",
      }),
    );
    const { stdout, stderr } = await run(
      path.join(root, "node_modules/.bin/drizzle-kit"),
      ["generate", "--config", "drizzle.config.json"],
      { cwd: dir },
    );
    expect(stderr).not.toMatch(/Error/);
    expect(stdout).toContain("No schema changes");
    expect(readdirSync(path.join(dir, "migrations")).sort()).toEqual(before);
  }, 60_000);

  const engine = pgUrl ? "PostgreSQL" : "PGlite";
  it(`a database made by the first release upgrades in place to the catalog of a fresh one, data kept (${engine})`, async () => {
    await upgradeMatchesFresh(pgUrl ? postgres : pglite);
  }, 60_000);

  // Instances started together each migrate on start-up. On PostgreSQL each has its own
  // connections, and "CREATE TABLE IF NOT EXISTS" run at once by two of them can fail on the
  // catalog's unique index; the bookkeeping table is therefore made under the migration lock.
  it(`four instances migrating a fresh database at once apply each migration once (${engine})`, async () => {
    const first = pgUrl ? await postgres() : await pglite();
    const others: Handle[] = [];
    try {
      if (pgUrl) {
        const url = new URL(pgUrl);
        url.pathname = `/${scratch.at(-1) ?? ""}`;
        for (let i = 0; i < 3; i++) {
          const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
          others.push({
            db: drizzlePg({ client: pool }) as unknown as Db,
            exec: async (q) => void (await pool.query(q)),
            close: () => pool.end(),
          });
        }
      } else {
        for (let i = 0; i < 3; i++) others.push({ ...first, close: async () => undefined });
      }
      await Promise.all([first, ...others].map((handle) => migrate(handle)));
      const applied = await rows<{ id: string; n: number }>(
        first.db,
        sql`SELECT id, count(*)::int AS n FROM schema_migrations GROUP BY id`,
      );
      expect(applied.map((r) => r.id).sort()).toEqual([...generatedMigrations().map((m) => m.id)].sort());
      expect(applied.every((r) => r.n === 1)).toBe(true);
    } finally {
      await Promise.all(others.map((h) => h.close()));
      await first.close();
    }
  }, 60_000);
});
