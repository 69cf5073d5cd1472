import "server-only";
import { ApiError } from "@/lib/errors";
import type { Notice } from "./bus";
import type { SnapshotFrame, WebhookFrame, WebhookNotice } from "@/lib/contract/dashboard-api";
import { subscribe } from "./bus";
import { processSingleton } from "@/lib/process-singleton";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { claimStreamSlot, releaseStreamSlot, renewStreamSlots } from "./stream-slots";

/** STREAM_HEARTBEAT_SECONDS: a comment line that keeps proxies from closing an idle stream, and the beat of the checks and leases. */
const heartbeatMs = () => env().streamHeartbeatSeconds * 1000;
/** Stored notices replayed per query; a longer gap is replayed page by page. */
export const REPLAY_PAGE = 500;

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

type Options = {
  req: Request;
  db: Db;
  tenantId: string;
  /**
   * Who holds the stream (a user, a payout link): at most `limit` open streams each, 429 beyond,
   * counted over every instance (stream-slots.ts).
   */
  holder: { key: string; limit: number };
  /** Asked at every heartbeat: a stream whose session or link is no longer valid is closed. */
  stillValid: () => Promise<boolean>;
  /** Last-Event-ID of a reconnecting client: stored events after it are sent first. */
  lastEventId?: number | null;
  /** Stored webhook notices after a cursor, oldest first, at most `limit`; absent: no replay. */
  replay?: (afterSeq: number, limit: number) => Promise<WebhookNotice[]>;
  /** Which notices this stream carries (e.g. one exchange only). */
  filter?: (notice: Notice) => boolean;
  /** How a notice is written; the tenant's frame by default. */
  frame?: (notice: Notice) => Uint8Array;
  /**
   * Whether notices carry one tenant's cursor, so that one at or below the last sent was sent
   * (true by default). A stream of every tenant's notices has no one cursor: it sends them all.
   */
  cursor?: boolean;
};

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(": heartbeat\n\n");

// One notice reaches every subscriber of its tenant as the same object: encode it once.
const frames = new WeakMap<Notice, Uint8Array>();

/** The dashboard's frame: `id:` is the tenant's event cursor. */
export function tenantFrame(notice: Notice): Uint8Array {
  const cached = frames.get(notice);
  if (cached) return cached;
  let text: string;
  if (notice.kind === "webhook") {
    const data = {
      seq: notice.seq,
      event: notice.event,
      exchange_id: notice.exchange_id,
      order_id: notice.order_id,
      received_at: notice.received_at,
    } satisfies WebhookFrame;
    text = `id: ${notice.seq}\nevent: webhook\ndata: ${JSON.stringify(data)}\n\n`;
  } else {
    const data = { exchange_id: notice.exchange_id, state: notice.state } satisfies SnapshotFrame;
    text = `event: snapshot\ndata: ${JSON.stringify(data)}\n\n`;
  }
  const bytes = encoder.encode(text);
  frames.set(notice, bytes);
  return bytes;
}

type Shared = { beats: Set<() => void>; timer: NodeJS.Timeout | null; slots: Set<string>; db: Db | null };
// Per process: one heartbeat timer, and the places (stream_slots rows) of this process's streams.
const sharedState = processSingleton("sse", (): Shared => ({ beats: new Set(), timer: null, slots: new Set(), db: null }));
const shared = (): Shared => sharedState;

// One heartbeat timer for every open stream of the process, not one per stream; at each beat the
// leases of all the process's places are renewed in one statement.
function onHeartbeat(beat: () => void): () => void {
  const state = shared();
  state.beats.add(beat);
  state.timer ??= setInterval(() => {
    for (const fn of state.beats) fn();
    if (state.db) {
      renewStreamSlots(state.db, [...state.slots]).catch((err: Error) =>
        console.error("[sse] could not renew stream leases:", err.message),
      );
    }
  }, heartbeatMs());
  return () => {
    state.beats.delete(beat);
    if (state.beats.size === 0 && state.timer) {
      clearInterval(state.timer);
      state.timer = null;
    }
  };
}

/** Takes a place for a stream of a holder (429 when it has none left); the returned function gives it back (once). */
async function claimSlot(db: Db, key: string, limit: number): Promise<() => void> {
  const state = shared();
  state.db = db;
  const slot = await claimStreamSlot(db, key, limit);
  if (!slot) {
    console.warn(`[sse] ${key.split(":")[0]} refused a stream: at most ${limit} open`);
    throw new ApiError("rate_limited", `At most ${limit} open event streams at a time`);
  }
  state.slots.add(slot);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    state.slots.delete(slot);
    void releaseStreamSlot(db, key, slot);
  };
}

/**
 * A server-sent event stream of a tenant's notices: replay from the store after Last-Event-ID,
 * then live notices, a heartbeat every 15 s (at which the holder's validity is checked again);
 * the subscriber is removed on disconnect. Notices arrive in cursor order (commit order), so
 * any cursor at or below the last one sent has been sent.
 */
export async function eventStream({
  req,
  db,
  tenantId,
  holder,
  stillValid,
  lastEventId = null,
  replay,
  filter = () => true,
  frame = tenantFrame,
  cursor = true,
}: Options): Promise<Response> {
  const release = await claimSlot(db, holder.key, holder.limit);
  // The client may leave (abort, cancel) before start() has finished setting up, even before
  // the first await returns: whatever was set up by then is torn down at once, so neither the
  // slot nor the subscription outlives the connection.
  let gone = false;
  let teardown = () => release();
  const leave = () => {
    gone = true;
    teardown();
  };
  req.signal.addEventListener("abort", leave, { once: true });
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let lastSent = lastEventId ?? 0;
      let replaying = true;
      const buffered: Notice[] = [];
      let closed = false;
      const write = (bytes: Uint8Array) => {
        if (closed) return;
        try {
          controller.enqueue(bytes);
        } catch {
          leave();
        }
      };
      const send = (notice: Notice) => {
        if (notice.kind === "webhook" && cursor) {
          if (notice.seq <= lastSent) return;
          lastSent = notice.seq;
        }
        if (filter(notice)) write(frame(notice));
      };
      const catchUp = async () => {
        if (!replay) return;
        for (;;) {
          const page = await replay(lastSent, REPLAY_PAGE);
          for (const notice of page) send(notice);
          if (page.length < REPLAY_PAGE || closed) return;
        }
      };
      const unsubscribe = await subscribe(tenantId, (notice) => {
        if (notice === null) return void catchUp().catch(() => undefined);
        if (replaying) buffered.push(notice);
        else send(notice);
      });
      const stopHeartbeat = onHeartbeat(() => {
        write(HEARTBEAT);
        stillValid().then(
          (valid) => valid || leave(),
          () => undefined,
        );
      });
      teardown = () => {
        if (closed) return;
        closed = true;
        release();
        stopHeartbeat();
        unsubscribe();
        req.signal.removeEventListener("abort", leave);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      if (gone || req.signal.aborted) return teardown();
      write(encoder.encode("retry: 3000\n: connected\n\n"));
      if (lastEventId !== null) await catchUp();
      replaying = false;
      for (const notice of buffered.splice(0)) send(notice);
    },
    cancel() {
      leave();
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}

export function lastEventIdOf(req: Request): number | null {
  const raw = req.headers.get("last-event-id") ?? new URL(req.url).searchParams.get("last_event_id");
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}
