import "server-only";
import { getDatabase } from "@/lib/db/client";

// The live-update bus (DESIGN.md section 5): publishers NOTIFY a small notice; every instance
// LISTENs and hands it to its SSE subscribers of that tenant. PGlite delivers in-process,
// PostgreSQL across instances.

export const CHANNEL = "dashboard_events";

export type WebhookNotice = {
  kind: "webhook";
  tenant_id: string;
  /** The tenant's event cursor (SSE id, Last-Event-ID). */
  seq: number;
  event: string | null;
  exchange_id: string | null;
  order_id: string | null;
  received_at: string;
};
export type SnapshotNotice = { kind: "snapshot"; tenant_id: string; exchange_id: string; state: string };
export type Notice = WebhookNotice | SnapshotNotice;

/** null: the bus reconnected and notices may have been missed; subscribers resync from the store. */
type Subscriber = (notice: Notice | null) => void;

type Bus = { subscribers: Map<string, Set<Subscriber>>; listening: Promise<void> | null };
const holder = globalThis as typeof globalThis & { __eventBus?: Bus };

function bus(): Bus {
  holder.__eventBus ??= { subscribers: new Map(), listening: null };
  return holder.__eventBus;
}

function dispatch(payload: string) {
  const { subscribers } = bus();
  if (!payload) {
    for (const set of subscribers.values()) for (const fn of set) fn(null);
    return;
  }
  let notice: Notice;
  try {
    notice = JSON.parse(payload) as Notice;
  } catch {
    return;
  }
  for (const fn of subscribers.get(notice.tenant_id) ?? []) fn(notice);
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
