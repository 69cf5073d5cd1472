import "server-only";
import type { Notice, WebhookNotice } from "./bus";
import { subscribe } from "./bus";

export const HEARTBEAT_MS = 15_000;

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

type Options = {
  req: Request;
  tenantId: string;
  /** Last-Event-ID of a reconnecting client: stored events after it are sent first. */
  lastEventId: number | null;
  /** Stored webhook notices after an id, oldest first. */
  replay: (afterId: number) => Promise<WebhookNotice[]>;
  /** Which notices this stream carries (e.g. one exchange only). */
  filter?: (notice: Notice) => boolean;
};

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(": heartbeat\n\n");

// One notice reaches every subscriber of its tenant as the same object: encode it once.
const frames = new WeakMap<Notice, Uint8Array>();

function frame(notice: Notice): Uint8Array {
  const cached = frames.get(notice);
  if (cached) return cached;
  let text: string;
  if (notice.kind === "webhook") {
    const { tenant_id: _tenant, kind: _kind, ...data } = notice;
    text = `id: ${notice.id}\nevent: webhook\ndata: ${JSON.stringify(data)}\n\n`;
  } else {
    text = `event: snapshot\ndata: ${JSON.stringify({ exchange_id: notice.exchange_id, state: notice.state })}\n\n`;
  }
  const bytes = encoder.encode(text);
  frames.set(notice, bytes);
  return bytes;
}

// One heartbeat timer for every open stream of the process, not one per stream.
const heartbeatHolder = globalThis as typeof globalThis & { __sseHeartbeat?: { beats: Set<() => void>; timer: NodeJS.Timeout | null } };

function onHeartbeat(beat: () => void): () => void {
  heartbeatHolder.__sseHeartbeat ??= { beats: new Set(), timer: null };
  const state = heartbeatHolder.__sseHeartbeat;
  state.beats.add(beat);
  state.timer ??= setInterval(() => {
    for (const fn of state.beats) fn();
  }, HEARTBEAT_MS);
  return () => {
    state.beats.delete(beat);
    if (state.beats.size === 0 && state.timer) {
      clearInterval(state.timer);
      state.timer = null;
    }
  };
}

/**
 * A server-sent event stream of a tenant's notices: replay from the store after Last-Event-ID,
 * then live notices, a heartbeat every 15 s; the subscriber is removed on disconnect.
 */
export function eventStream({ req, tenantId, lastEventId, replay, filter = () => true }: Options): Response {
  let cleanup = () => {};
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
          cleanup();
        }
      };
      const send = (notice: Notice) => {
        if (!filter(notice)) return;
        if (notice.kind === "webhook") {
          if (notice.id <= lastSent) return;
          lastSent = notice.id;
        }
        write(frame(notice));
      };
      const catchUp = async () => {
        for (const notice of await replay(lastSent)) send(notice);
      };
      const unsubscribe = await subscribe(tenantId, (notice) => {
        if (notice === null) return void catchUp().catch(() => undefined);
        if (replaying) buffered.push(notice);
        else send(notice);
      });
      const stopHeartbeat = onHeartbeat(() => write(HEARTBEAT));
      cleanup = () => {
        if (closed) return;
        closed = true;
        stopHeartbeat();
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      req.signal.addEventListener("abort", cleanup, { once: true });
      write(encoder.encode("retry: 3000\n: connected\n\n"));
      if (lastEventId !== null) await catchUp();
      replaying = false;
      for (const notice of buffered.splice(0)) send(notice);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}

export function lastEventIdOf(req: Request): number | null {
  const raw = req.headers.get("last-event-id") ?? new URL(req.url).searchParams.get("last_event_id");
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}
