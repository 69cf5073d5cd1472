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

function frame(notice: Notice): string {
  if (notice.kind === "webhook") {
    const { tenant_id: _tenant, kind: _kind, ...data } = notice;
    return `id: ${notice.id}\nevent: webhook\ndata: ${JSON.stringify(data)}\n\n`;
  }
  return `event: snapshot\ndata: ${JSON.stringify({ exchange_id: notice.exchange_id, state: notice.state })}\n\n`;
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
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
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
      const heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      req.signal.addEventListener("abort", cleanup, { once: true });
      write("retry: 3000\n: connected\n\n");
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
