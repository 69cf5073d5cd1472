import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

// The database as the app holds it, apart from the client that opens it (lib/db/client.ts), so
// that what only needs its shape (migrations, tests) does not import the client.

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL (several statements allowed); used by migrations. */
  exec: (sql: string) => Promise<void>;
  /** LISTEN on a channel: in-process with PGlite, across instances with PostgreSQL. */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  notify: (channel: string, payload: string) => Promise<void>;
  /** Whether the LISTEN connection is up (always, in-process with PGlite). */
  listening: () => boolean;
  close: () => Promise<void>;
};
