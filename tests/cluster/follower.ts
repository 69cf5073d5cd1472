import { inject } from "vitest";
import { openSse, type SseFrame } from "../integration/harness/sse";

const balancer = () => inject("baseUrl");
export const exchangeOf = (frame: SseFrame) => (JSON.parse(frame.data ?? "{}") as { exchange_id?: string }).exchange_id ?? "";

/**
 * A browser's EventSource: its first stream at `firstUrl`, and when a stream ends it reconnects
 * through the balancer with Last-Event-ID.
 */
export function follower(cookie: string, firstUrl = balancer()) {
  const seen: SseFrame[] = [];
  let lastId = "";
  let reconnects = 0;
  let open = true;
  let current: Awaited<ReturnType<typeof openSse>> | null = null;
  const drain = () => {
    for (const frame of current?.frames.splice(0) ?? []) {
      seen.push(frame);
      if (frame.id) lastId = frame.id;
    }
  };
  const pump = setInterval(drain, 20);
  const loop = (async () => {
    while (open) {
      const base = reconnects === 0 && !lastId ? firstUrl : balancer();
      current = await openSse(`${base}/api/events`, { cookie, ...(lastId ? { "last-event-id": lastId } : {}) }).catch(() => null);
      if (!current) {
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      await current.done;
      drain();
      if (open) reconnects++;
    }
  })();
  return {
    seen,
    reconnects: () => reconnects,
    webhookIds: () => seen.filter((f) => f.event === "webhook").map(exchangeOf),
    stop: async () => {
      open = false;
      await current?.close();
      await loop;
      clearInterval(pump);
      drain();
    },
  };
}
