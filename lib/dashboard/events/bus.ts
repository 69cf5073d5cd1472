import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDatabase, type Db } from "@/lib/db/client";
import { exchanges } from "@/lib/db/schema";
import { busSignalSchema, type BusNotice, type BusSignal } from "@/lib/dashboard/contract/dashboard-api";
import { CHANNEL, eventsBetween } from "./event-store";
import { processSingleton } from "@/lib/process-singleton";
import { parseJsonAs } from "@/lib/http/parse-json";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { errorText, logger } from "@/lib/log";

const log = logger("bus");

// The live-update bus (docs/architecture.md#a-webhooks-way-to-the-browser). Publishers NOTIFY a
// signal of ids only, one per transaction: the range of event cursors a webhook transaction
// stored, or the exchange whose snapshot was stored. Every instance LISTENs; an instance with
// streams of that tenant reads the events or states from the store, one read for every signal
// that arrived meanwhile, and hands the notices to its subscribers in cursor order. An instance
// with no such stream reads nothing. PGlite delivers in-process, PostgreSQL across instances.

/** Subscribes to the notices of every tenant (the operator console's stream). */
export const EVERY_TENANT = "*";

/** What a subscriber receives: a notice of the contract (lib/dashboard/contract/dashboard-api.ts), read from the store. */
export type Notice = BusNotice;

/** null: notices may have been missed (the bus reconnected, a read failed); subscribers resync from the store. */
type Subscriber = (notice: Notice | null) => void;

/** One reader per tenant with streams here: the signals heard while it reads wait for its next read. */
type Reader = { signals: BusSignal[]; reading: boolean };
/** Hears every signal as it arrives, before anything is read (null: signals may have been missed). */
type SignalHook = (signal: BusSignal | null) => void;
type Bus = {
  subscribers: Map<string, Set<Subscriber>>;
  readers: Map<string, Reader>;
  signalHooks: Set<SignalHook>;
  listening: Promise<void> | null;
};
// Per process: one LISTEN connection and one reader per tenant serve every subscriber of the process.
const busState = processSingleton("event-bus", (): Bus => ({
  subscribers: new Map(),
  readers: new Map(),
  signalHooks: new Set(),
  listening: null,
}));

function bus(): Bus {
  return busState;
}

function deliver(tenantId: string, notice: Notice | null) {
  const { subscribers } = bus();
  if (notice?.kind === "webhook") {
    serverRuntime().metrics.webhookToStream.observe(Math.max(0, Date.now() - Date.parse(notice.received_at)) / 1000);
  }
  for (const fn of subscribers.get(tenantId) ?? []) fn(notice);
  for (const fn of subscribers.get(EVERY_TENANT) ?? []) fn(notice);
}

function dispatch(payload: string) {
  const state = bus();
  if (!payload) {
    for (const set of state.subscribers.values()) for (const fn of set) fn(null);
    for (const hook of state.signalHooks) hook(null);
    return;
  }
  const signal = parseJsonAs(busSignalSchema, payload);
  if (!signal) return;
  for (const hook of state.signalHooks) hook(signal);
  if (!state.subscribers.has(signal.tenant_id) && !state.subscribers.has(EVERY_TENANT)) return;
  let reader = state.readers.get(signal.tenant_id);
  if (!reader) state.readers.set(signal.tenant_id, (reader = { signals: [], reading: false }));
  reader.signals.push(signal);
  if (!reader.reading) void read(signal.tenant_id, reader);
}

async function read(tenantId: string, reader: Reader) {
  reader.reading = true;
  try {
    const { db } = await getDatabase();
    while (reader.signals.length > 0) {
      const signals = reader.signals.splice(0);
      for (const notice of await noticesOf(db, tenantId, signals)) deliver(tenantId, notice);
    }
  } catch (error) {
    log.error({ err: errorText(error), tenant_id: tenantId }, "reading notices failed; the tenant's streams catch up from the store");
    reader.signals.length = 0;
    deliver(tenantId, null);
  } finally {
    reader.reading = false;
    bus().readers.delete(tenantId);
  }
}

/** The notices of the signals, in the signals' order: at most one read of events and one of states. */
async function noticesOf(db: Db, tenantId: string, signals: BusSignal[]): Promise<Notice[]> {
  let first = Infinity;
  let last = -Infinity;
  const exchangeIds = new Set<string>();
  for (const signal of signals) {
    if (signal.kind === "webhook") {
      first = Math.min(first, signal.first_seq);
      last = Math.max(last, signal.last_seq);
    } else if (signal.kind === "snapshot") exchangeIds.add(signal.exchange_id);
  }
  const [events, states] = await Promise.all([
    first <= last ? eventsBetween(db, tenantId, first, last) : [],
    exchangeIds.size > 0
      ? db
          .select({ id: exchanges.id, state: exchanges.state })
          .from(exchanges)
          .where(and(eq(exchanges.tenantId, tenantId), inArray(exchanges.id, [...exchangeIds])))
      : [],
  ]);
  const stateOf = new Map(states.map((row) => [row.id, row.state]));
  const notices: Notice[] = [];
  for (const signal of signals) {
    if (signal.kind === "webhook") {
      for (const event of events) if (event.seq >= signal.first_seq && event.seq <= signal.last_seq) notices.push(event);
    } else if (signal.kind !== "snapshot") {
      // a relayed kind (lib/dashboard/contract/live-notice-kinds.ts): the signal carries its frame
      notices.push(signal);
    } else {
      const state = stateOf.get(signal.exchange_id);
      if (state) notices.push({ kind: "snapshot", tenant_id: tenantId, exchange_id: signal.exchange_id, state });
    }
  }
  return notices;
}

function ensureListening(): Promise<void> {
  const state = bus();
  state.listening ??= getDatabase()
    .then((database) => database.listen(CHANNEL, dispatch))
    .then(() => undefined);
  state.listening.catch(() => {
    state.listening = null;
  });
  return state.listening;
}

/**
 * Hears every tenant's signals from now on, as they arrive on this instance (a cache of what
 * they change drops its entry). Resolves once this process listens.
 */
export async function onSignal(hook: SignalHook): Promise<void> {
  bus().signalHooks.add(hook);
  await ensureListening();
}

/** Sends a signal after its transaction committed (a webhook's signal is sent in its storing statement instead). */
export async function publish(signal: BusSignal): Promise<void> {
  const database = await getDatabase();
  await database.notify(CHANNEL, JSON.stringify(signal));
}

export async function subscribe(tenantId: string, fn: Subscriber): Promise<() => void> {
  await ensureListening();
  const { subscribers } = bus();
  const set = subscribers.get(tenantId) ?? new Set<Subscriber>();
  set.add(fn);
  subscribers.set(tenantId, set);
  return () => {
    set.delete(fn);
    if (set.size === 0) subscribers.delete(tenantId);
  };
}
