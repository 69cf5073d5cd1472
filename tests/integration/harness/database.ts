import pg from "pg";
import path from "node:path";

/** Runs statements one after another on a connection of their own to `url`. */
async function run(url: string, ...statements: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Empties a PostgreSQL database for a test run (its public schema, dropped and made anew). */
export async function resetDatabase(url: string) {
  await run(url, "DROP SCHEMA IF EXISTS public CASCADE", "CREATE SCHEMA public");
}

/** A fresh database beside the one in `url`, for a test that needs its own app. */
export async function createScratchDatabase(url: string, name: string): Promise<string> {
  await run(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return scratch.toString();
}

/** Drops a database createScratchDatabase made beside the one in `url`. */
export async function dropScratchDatabase(url: string, name: string) {
  await run(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * A statement (or several) on an app's own database, the rows of the last one: PostgreSQL at
 * `databaseUrl`, else PGlite in the app's data directory, which only one process may open, so the
 * app must be stopped.
 */
export async function onAppDatabase<T = Record<string, unknown>>(
  dataDir: string,
  databaseUrl: string | undefined,
  text: string,
): Promise<T[]> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const results = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(results) ? (results.at(-1)?.rows ?? []) : results.rows) as T[];
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    return ((await db.exec(text)).at(-1)?.rows ?? []) as T[];
  } finally {
    await db.close();
  }
}
