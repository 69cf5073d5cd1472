import "server-only";
import path from "node:path";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { env } from "@/lib/env";
import * as schema from "./schema";
import type { Database, Db } from "./types";
import { migrate } from "./migrate";
import { processSingleton } from "@/lib/process-singleton";
import { errorText, logger } from "@/lib/log";
import { backoffMs } from "@/lib/runtime/backoff";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";

const log = logger("db");

export type { Database, Db } from "./types";

/** A refused or lost connection fails within this, rather than hanging a request. */
const CONNECT_TIMEOUT_MS = 5_000;

// Per process: two PGlite instances on one data directory corrupt it; one pg pool is enough.
const holder = processSingleton("database", () => ({ opening: undefined as Promise<Database> | undefined }));

async function open(): Promise<Database> {
  const config = env();
  if (config.isBuildPhase) throw new Error("The database must not be opened during next build");
  if (config.databaseUrl) {
    const { Pool, Client } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    // JIT compiling costs a query tens of milliseconds and the dashboard's queries are short: off
    const pool = new Pool({
      connectionString: config.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      options: "-c jit=off",
    });
    // a pooled connection the server closed (a restart, a failover) is dropped from the pool
    pool.on("error", (err) => log.warn({ err: err.message }, "an idle database connection was closed"));
    const listener = pgListener(config.databaseUrl, Client);
    const { providers } = serverRuntime();
    providers.set("dbPool", () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
    providers.set("busConnected", listener.connected);
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
      listening: listener.connected,
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
    listening: () => !client.closed,
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
type PgClient = InstanceType<PgClientClass>;

/** Reconnection waits 0.5 s, doubling up to 5 s, for as long as the process lives: a stream hears again within 5 s of the database. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 5_000;

/**
 * One dedicated LISTEN connection for the process. When it drops (a restart, a failover), it is
 * made again with capped exponential backoff, forever; once it is back, every channel is LISTENed
 * again and every handler gets an empty payload, since notices sent in the gap are lost: the live
 * bus then has each stream catch up from the store, and the cache bus drops every cache.
 */
function pgListener(url: string, Client: PgClientClass) {
  const handlers: Handlers = new Map();
  let client: PgClient | null = null;
  let connecting: Promise<PgClient> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let attempt = 0;
  let closed = false;

  const lost = (from: PgClient, reason: string) => {
    if (client !== from) return;
    client = null;
    from.end().catch(() => undefined);
    log.warn({ reason }, "LISTEN connection lost; reconnecting");
    scheduleReconnect();
  };

  const connectOnce = (): Promise<PgClient> => {
    connecting ??= connectListener(url, Client, handlers, lost).then((next) => (client = next));
    const current = connecting;
    void current.then(
      () => (connecting = connecting === current ? null : connecting),
      () => (connecting = connecting === current ? null : connecting),
    );
    return current;
  };

  const scheduleReconnect = () => {
    if (closed || retry) return;
    const delay = reconnectDelay(attempt);
    attempt++;
    retry = setTimeout(() => {
      retry = null;
      connectOnce().then(
        () => {
          reconnected(handlers, attempt);
          attempt = 0;
        },
        (error: unknown) => {
          log.warn({ err: errorText(error), next_try_ms: reconnectDelay(attempt) }, "LISTEN reconnect failed");
          scheduleReconnect();
        },
      );
    }, delay);
  };

  return {
    connected: () => client !== null,
    listen: async (channel: string, onPayload: (payload: string) => void) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(onPayload);
      handlers.set(channel, set);
      if (!first) return async () => void set.delete(onPayload);
      if (client) {
        // a connection lost meanwhile LISTENs again on every channel when it comes back
        await client.query(`LISTEN "${channel}"`).catch(() => undefined);
      } else if (!retry) {
        try {
          await connectOnce();
        } catch (error) {
          scheduleReconnect();
          throw error;
        }
      }
      return async () => void set.delete(onPayload);
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

type Handlers = Map<string, Set<(payload: string) => void>>;

const reconnectDelay = (attempt: number) => backoffMs(attempt, RECONNECT_FIRST_MS, RECONNECT_MAX_MS);

/**
 * A new connection LISTENing on every channel of `handlers`, handing each notice to the channel's
 * handlers. Before it is connected a failure rejects; after, `lost` hears of its error or end.
 */
async function connectListener(
  url: string,
  Client: PgClientClass,
  handlers: Handlers,
  lost: (from: PgClient, reason: string) => void,
): Promise<PgClient> {
  const next = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  next.on("notification", (message) => {
    for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
  });
  next.on("error", (err) => lost(next, err.message));
  next.on("end", () => lost(next, "the connection ended"));
  try {
    await next.connect();
    for (const channel of handlers.keys()) await next.query(`LISTEN "${channel}"`);
  } catch (error) {
    next.end().catch(() => undefined);
    throw error;
  }
  return next;
}

/** Notices sent while the connection was down are lost: every handler hears an empty payload. */
function reconnected(handlers: Handlers, attempts: number) {
  log.info({ attempts }, "LISTEN connection back; streams catch up and caches are dropped");
  serverRuntime().metrics.busReconnects.inc();
  for (const set of handlers.values()) for (const handler of set) handler("");
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
