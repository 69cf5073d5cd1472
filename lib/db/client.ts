import "server-only";
import path from "node:path";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { env } from "@/lib/env";
import * as schema from "./schema";
import { migrate } from "./migrate";
import { processSingleton } from "@/lib/process-singleton";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL (several statements allowed); used by migrations. */
  exec: (sql: string) => Promise<void>;
  /** LISTEN on a channel: in-process with PGlite, across instances with PostgreSQL. */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  notify: (channel: string, payload: string) => Promise<void>;
  close: () => Promise<void>;
};

// Per process: two PGlite instances on one data directory corrupt it; one pg pool is enough.
const holder = processSingleton("database", () => ({ opening: undefined as Promise<Database> | undefined }));

async function open(): Promise<Database> {
  const config = env();
  if (config.isBuildPhase) throw new Error("The database must not be opened during next build");
  if (config.databaseUrl) {
    const { Pool, Client } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
    pool.on("error", (err) => console.error("[db] idle client error:", err.message));
    const listener = pgListener(config.databaseUrl, Client);
    return {
      db: drizzle({ client: pool, schema }) as unknown as Db,
      kind: "postgres",
      exec: async (sql) => {
        await pool.query(sql);
      },
      listen: listener.listen,
      notify: async (channel, payload) => {
        await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dir = path.join(config.dataDir, "pglite");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  claimDataDir(config.dataDir);
  const client = await PGlite.create(dir);
  return {
    db: drizzle({ client, schema }) as unknown as Db,
    kind: "pglite",
    exec: async (sql) => {
      await client.exec(sql);
    },
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    notify: async (channel, payload) => {
      await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    close: () => client.close(),
  };
}

/**
 * Two PGlite instances on one directory corrupt it: the first process to open it writes its
 * pid to DATA_DIR/pglite.pid, and another live process is refused with a clear message.
 */
function claimDataDir(dataDir: string) {
  const file = path.join(dataDir, "pglite.pid");
  try {
    const other = Number(readFileSync(file, "utf8"));
    if (other && other !== process.pid && isAlive(other)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${other}. ` +
          "Stop it first, or use DATABASE_URL (PostgreSQL) to share a database.",
      );
    }
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("The embedded database")) throw error;
  }
  writeFileSync(file, String(process.pid), { mode: 0o600 });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

type PgClientClass = typeof import("pg").Client;

/**
 * One dedicated LISTEN connection for the process, reconnected with backoff when it drops.
 * Handlers get a null payload after a reconnect: notifications in the gap may be lost.
 */
function pgListener(url: string, Client: PgClientClass) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: InstanceType<PgClientClass> | null = null;
  let connecting: Promise<InstanceType<PgClientClass>> | null = null;
  let closed = false;

  const connect = (): Promise<InstanceType<PgClientClass>> => {
    connecting ??= (async () => {
      const next = new Client({ connectionString: url });
      next.on("notification", (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
      });
      next.on("error", (err) => {
        console.error("[db] LISTEN connection lost:", err.message);
        client = null;
        connecting = null;
        if (!closed)
          setTimeout(
            () =>
              void connect()
                .then(relisten)
                .catch(() => undefined),
            1_000,
          );
      });
      await next.connect();
      client = next;
      return next;
    })();
    connecting.catch(() => {
      connecting = null;
    });
    return connecting;
  };
  const relisten = async (c: InstanceType<PgClientClass>) => {
    for (const channel of handlers.keys()) await c.query(`LISTEN "${channel}"`);
    for (const set of handlers.values()) for (const handler of set) handler("");
  };

  return {
    listen: async (channel: string, onPayload: (payload: string) => void) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(onPayload);
      handlers.set(channel, set);
      if (first) await (client ?? (await connect())).query(`LISTEN "${channel}"`);
      return async () => {
        set.delete(onPayload);
      };
    },
    close: async () => {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}

/** The migrated database of this process. */
export function getDatabase(): Promise<Database> {
  const opening = (holder.opening ??= open().then(async (database) => {
    await migrate(database);
    return database;
  }));
  opening.catch(() => {
    if (holder.opening === opening) holder.opening = undefined;
  });
  return opening;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
