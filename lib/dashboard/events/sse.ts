import "server-only";
import type { Notice as AnyNotice } from "./bus";
import type { SnapshotFrame, WebhookFrame, WebhookNotice } from "@/lib/dashboard/contract/dashboard-api";
import { subscribe } from "./bus";
import type { Db } from "@/lib/db/client";
import { claimSlot, onHeartbeat, openStreams } from "./stream-places";
import { nodeSink, webSink, type Sink } from "./sinks";
import { HANDOFF_HEADER, handOff } from "./handoff";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { backoffMs } from "@/lib/runtime/backoff";
import { errorText, logger } from "@/lib/log";

const log = logger("sse");

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
    openStreams().delete(endWithRetry);
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
  openStreams().add(endWithRetry);
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
