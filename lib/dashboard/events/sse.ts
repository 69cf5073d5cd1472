import "server-only";
import { ApiError } from "@/lib/errors";
import type { Notice as AnyNotice } from "./bus";
import type { SnapshotFrame, WebhookFrame, WebhookNotice } from "@/lib/dashboard/contract/dashboard-api";
import { subscribe } from "./bus";
import { processSingleton } from "@/lib/process-singleton";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { claimStreamSlot, releaseStreamSlot, renewStreamSlots } from "./stream-slots";
import { HANDOFF_HEADER, handOff } from "./handoff";
import { ServerResponse } from "node:http";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { backoffMs } from "@/lib/runtime/backoff";
import { errorText, logger } from "@/lib/log";

const log = logger("sse");

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

/** A tenant's notice of an exchange or a webhook; a user's notifications go to that user's dashboard stream only. */
type Notice = Exclude<AnyNotice, { kind: "notification" }>;

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
  /**
   * Stored webhook notices after a cursor, oldest first, at most `limit`; absent: no replay, and
   * a stream that may have missed notices is ended with a retry hint instead (its page reloads
   * what it shows on every reconnect).
   */
  replay?: (afterSeq: number, limit: number) => Promise<WebhookNotice[]>;
  /** The tenant's latest cursor: where a stream opened without Last-Event-ID catches up from. */
  latest?: () => Promise<number>;
  /** The signed-in user of a dashboard stream: it also carries `event: notification` when they get one. */
  userId?: string;
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
/** `event: notification`: the user has a new notification; the bell asks its count again. */
const NOTIFICATION_FRAME = encoder.encode(`event: notification\ndata: {}\n\n`);

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

type Shared = {
  beats: Set<() => void>;
  timer: NodeJS.Timeout | null;
  slots: Set<string>;
  db: Db | null;
  /** Every open stream's way to end with a retry hint (a shutdown, or a gap it cannot replay). */
  open: Set<(retryMs: number) => void>;
};
// Per process: one heartbeat timer, the places (stream_slots rows) and the open streams of this process.
const sharedState = processSingleton("sse", (): Shared => ({ beats: new Set(), timer: null, slots: new Set(), db: null, open: new Set() }));

/**
 * Ends every open stream of the process with a `retry:` hint (spread over `retryMs` to twice
 * that, so that the browsers do not all come back at once): EventSource reconnects through the
 * balancer to another instance and resumes by Last-Event-ID. Called when the server drains.
 */
export function endStreamsForShutdown(retryMs = 1_000): number {
  const streams = [...shared().open];
  for (const end of streams) end(retryMs + Math.floor(Math.random() * retryMs));
  return streams.length;
}
const shared = (): Shared => sharedState;

// One heartbeat timer for every open stream of the process, not one per stream; at each beat the
// leases of all the process's places are renewed in one statement.
function onHeartbeat(beat: () => void): () => void {
  const state = shared();
  state.beats.add(beat);
  state.timer ??= setInterval(() => {
    for (const fn of state.beats) fn();
    if (state.db) {
      renewStreamSlots(state.db, [...state.slots]).catch((err: Error) => log.error({ err: err.message }, "could not renew stream leases"));
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
    log.warn({ holder: key.split(":")[0], limit }, "refused a stream: too many open");
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

/** Where a stream's bytes go: the socket itself once handed off, or a Response body. */
type Sink = { write: (bytes: Uint8Array) => void; end: () => void; onGone: (leave: () => void) => void };

/**
 * A server-sent event stream of a tenant's notices: replay from the store after Last-Event-ID,
 * then live notices, a heartbeat every STREAM_HEARTBEAT_SECONDS (at which the holder's validity
 * is checked again); the subscriber is removed on disconnect. Notices arrive in cursor order
 * (commit order), so any cursor at or below the last one sent has been sent.
 *
 * Served by scripts/server.mjs, the stream is handed off (lib/dashboard/events/handoff.ts): the route
 * answers at once and the stream writes to the socket after Next.js has finished the request.
 * Otherwise (next dev) it is the Response's body.
 */
export async function eventStream({ req, db, holder, ...options }: Options): Promise<Response> {
  const release = await claimSlot(db, holder.key, holder.limit);
  const handedOff = handOff((res) => void serve(nodeSink(res), options, release), release, req.signal);
  if (handedOff) return new Response(null, { headers: { ...SSE_HEADERS, [HANDOFF_HEADER]: handedOff } });
  return new Response(
    webSink(req, (sink) => void serve(sink, options, release)),
    { headers: SSE_HEADERS },
  );
}

/**
 * The handed-off response, written with Node.js's own methods: the ones on the response are
 * Next.js's compression layer's, which has ended (it never compresses a stream: no-transform).
 */
const nodeWrite: (this: ServerResponse, chunk: Uint8Array) => boolean = ServerResponse.prototype.write;
const nodeEnd: (this: ServerResponse) => ServerResponse = ServerResponse.prototype.end;

function nodeSink(res: ServerResponse): Sink {
  return {
    write: (bytes) => {
      if (!res.writableEnded && !res.destroyed) nodeWrite.call(res, bytes);
    },
    end: () => void nodeEnd.call(res),
    onGone: (leave) => {
      // the client may have left between the route's answer and the handoff
      if (res.destroyed || res.closed) leave();
      else res.once("close", leave);
    },
  };
}

/** A Response body whose sink ends when the client leaves (abort, cancel), even before the stream starts. */
function webSink(req: Request, start: (sink: Sink) => void): ReadableStream<Uint8Array> {
  let leave = () => {};
  let gone = false;
  const left = () => {
    gone = true;
    leave();
  };
  req.signal.addEventListener("abort", left, { once: true });
  return new ReadableStream<Uint8Array>({
    start(controller) {
      start({
        write: (bytes) => controller.enqueue(bytes),
        end: () => {
          req.signal.removeEventListener("abort", left);
          controller.close();
        },
        onGone: (fn) => {
          leave = fn;
          if (gone || req.signal.aborted) fn();
        },
      });
    },
    cancel: left,
  });
}

type StreamOptions = Omit<Options, "req" | "db" | "holder">;

/** While the store cannot be read, a catch-up is tried again after this, doubling up to the cap. */
const CATCH_UP_RETRY_MS = 500;
const CATCH_UP_RETRY_MAX_MS = 5_000;

async function serve(
  sink: Sink,
  {
    tenantId,
    stillValid,
    lastEventId = null,
    replay,
    latest,
    filter = () => true,
    frame = tenantFrame,
    cursor = true,
    userId,
  }: StreamOptions,
  release: () => void,
) {
  const { metrics } = serverRuntime();
  let closed = false;
  // what leaving undoes: the place at first, the subscription and the heartbeat once they exist
  let undo = [release];
  const leave = () => {
    if (closed) return;
    closed = true;
    shared().open.delete(endWithRetry);
    metrics.openStreams.dec();
    for (const fn of undo) fn();
    try {
      sink.end();
    } catch {
      // already closed by the client
    }
  };
  const write = (bytes: Uint8Array) => {
    if (closed) return;
    try {
      sink.write(bytes);
    } catch {
      leave();
    }
  };
  const endWithRetry = (retryMs: number) => {
    write(encoder.encode(`retry: ${retryMs}\n: reconnect\n\n`));
    leave();
  };
  shared().open.add(endWithRetry);
  metrics.openStreams.inc();
  sink.onGone(leave);
  let lastSent = lastEventId ?? 0;
  // live notices wait here while the stream catches up from the store, and are sent after it
  let replaying = true;
  const buffered: AnyNotice[] = [];
  const send = (notice: AnyNotice) => {
    if (notice.kind === "notification") {
      if (userId && notice.user_ids.includes(userId)) write(NOTIFICATION_FRAME);
      return;
    }
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
  const flush = () => {
    replaying = false;
    for (const notice of buffered.splice(0)) send(notice);
  };
  // After a gap (the bus reconnected, a read failed), the stream catches up from the store by its
  // cursor before anything live is sent: nothing lost, nothing twice. While the store cannot be
  // read, it tries again with backoff, still holding the live notices back.
  let resyncing = false;
  let resyncAgain = false;
  const resync = async () => {
    replaying = true;
    if (resyncing) return void (resyncAgain = true);
    resyncing = true;
    let attempt = 0;
    while (!closed) {
      resyncAgain = false;
      try {
        await catchUp();
        if (!resyncAgain) break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt++, CATCH_UP_RETRY_MS, CATCH_UP_RETRY_MAX_MS)));
      }
    }
    resyncing = false;
    flush();
  };
  try {
    const unsubscribe = await subscribe(tenantId, (notice) => {
      if (notice === null) {
        // a stream with nothing to replay from ends, and its page reloads on reconnecting
        if (!replay) return endWithRetry(1_000);
        return void resync();
      }
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
    undo = [release, stopHeartbeat, unsubscribe];
    if (closed) return void (stopHeartbeat(), unsubscribe());
    if (lastEventId === null && cursor && latest) lastSent = await latest();
    write(encoder.encode("retry: 3000\n: connected\n\n"));
    if (lastEventId !== null) await catchUp();
    if (!resyncing) flush();
  } catch (error) {
    log.error({ err: errorText(error) }, "a stream failed to start");
    leave();
  }
}

export function lastEventIdOf(req: Request): number | null {
  const raw = req.headers.get("last-event-id") ?? new URL(req.url).searchParams.get("last_event_id");
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}
