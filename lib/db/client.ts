import "server-only";
import path from "node:path";
import { mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { env } from "@/lib/env";
import * as schema from "./schema";
import { migrate } from "./migrate";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL (several statements allowed); used by migrations. */
  exec: (sql: string) => Promise<void>;
  close: () => Promise<void>;
};

// One client per process, on globalThis: Next.js bundles instrumentation and route
// handlers separately, and two PGlite instances on one directory corrupt it.
const holder = globalThis as typeof globalThis & { __appDatabase?: Promise<Database> };

async function open(): Promise<Database> {
  const config = env();
  if (config.isBuildPhase) throw new Error("The database must not be opened during next build");
  if (config.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
    pool.on("error", (err) => console.error("[db] idle client error:", err.message));
    return {
      db: drizzle({ client: pool, schema }) as unknown as Db,
      kind: "postgres",
      exec: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dir = path.join(config.dataDir, "pglite");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const client = await PGlite.create(dir);
  return {
    db: drizzle({ client, schema }) as unknown as Db,
    kind: "pglite",
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}

/** The migrated database of this process. */
export function getDatabase(): Promise<Database> {
  holder.__appDatabase ??= open().then(async (database) => {
    await migrate(database);
    return database;
  });
  holder.__appDatabase.catch(() => {
    holder.__appDatabase = undefined;
  });
  return holder.__appDatabase;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
