import "server-only";
import { getDatabase } from "@/lib/db/client";
import { busNoticeSchema, type BusNotice } from "@/lib/contract/dashboard-api";
import { processSingleton } from "@/lib/process-singleton";
import { parseJsonAs } from "@/lib/contract/parse-json";

// The live-update bus (docs/architecture.md#a-webhooks-way-to-the-browser): publishers NOTIFY a small notice; every instance
// LISTENs and hands it to its SSE subscribers of that tenant. PGlite delivers in-process,
// PostgreSQL across instances.

export const CHANNEL = "dashboard_events";
/** Subscribes to the notices of every tenant (the operator console's stream). */
export const EVERY_TENANT = "*";

// Notices are BusNotice of the contract (lib/contract/dashboard-api.ts): parsed on the way in,
// whoever sent them (store-event.ts builds the webhook notice in SQL).
export type Notice = BusNotice;

/** null: the bus reconnected and notices may have been missed; subscribers resync from the store. */
type Subscriber = (notice: Notice | null) => void;

type Bus = { subscribers: Map<string, Set<Subscriber>>; listening: Promise<void> | null };
// Per process: one LISTEN connection serves every subscriber of the process.
const busState = processSingleton("event-bus", (): Bus => ({ subscribers: new Map(), listening: null }));

function bus(): Bus {
  return busState;
}

function dispatch(payload: string) {
  const { subscribers } = bus();
  if (!payload) {
    for (const set of subscribers.values()) for (const fn of set) fn(null);
    return;
  }
  const notice: Notice | null = parseJsonAs(busNoticeSchema, payload);
  if (!notice) return;
  for (const fn of subscribers.get(notice.tenant_id) ?? []) fn(notice);
  for (const fn of subscribers.get(EVERY_TENANT) ?? []) fn(notice);
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

export async function publish(notice: Notice): Promise<void> {
  const database = await getDatabase();
  await database.notify(CHANNEL, JSON.stringify(notice));
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
