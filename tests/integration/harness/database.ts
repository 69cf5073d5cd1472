import pg from "pg";

/** Empties a PostgreSQL database for a test run (its public schema, dropped and made anew). */
export async function resetDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("DROP SCHEMA IF EXISTS public CASCADE");
    await client.query("CREATE SCHEMA public");
  } finally {
    await client.end();
  }
}

/** A fresh database beside the one in `url`, for a test that needs its own app. */
export async function createScratchDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return scratch.toString();
}
