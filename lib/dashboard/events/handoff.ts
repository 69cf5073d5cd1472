import "server-only";
import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";

// Long-lived streams leave Next.js's request pipeline (scripts/server.mjs). While Next.js pipes a
// Response body it keeps everything it made for the request, some 75 KB, for as long as the body
// stays open: measured with an empty streaming route, it is most of what a held event stream
// costs. So a stream route answers with an empty body and a header naming an entry registered
// here; the server gives that entry the Node.js response when Next.js ends it, and the stream
// writes to it from then on.

/** Response header naming the entry; the server removes it before anything is sent. */
export const HANDOFF_HEADER = "x-stream-handoff";
/** The server's registry of entries (scripts/server.mjs creates it; next dev has none). */
const REGISTRY = Symbol.for("exchange-dashboard.stream-handoffs");
/** An entry Next.js never ended (an error after the route answered) is given up after this. */
const ATTACH_WITHIN_MS = 30_000;

type Attach = (res: ServerResponse) => void;

/**
 * Registers `attach` for the server to call with the response, and returns the header's value;
 * null when no server takes streams over (the stream is then the Response's body). `abandon`
 * runs instead if the client leaves first (`signal`) or the server never calls `attach`.
 */
export function handOff(attach: Attach, abandon: () => void, signal: AbortSignal): string | null {
  const registry = (globalThis as typeof globalThis & { [REGISTRY]?: Map<string, Attach> })[REGISTRY];
  if (!registry) return null;
  const token = randomUUID();
  const giveUp = () => {
    clearTimeout(timer);
    signal.removeEventListener("abort", giveUp);
    if (registry.delete(token)) abandon();
  };
  const timer = setTimeout(giveUp, ATTACH_WITHIN_MS);
  timer.unref();
  signal.addEventListener("abort", giveUp, { once: true });
  registry.set(token, (res) => {
    clearTimeout(timer);
    signal.removeEventListener("abort", giveUp);
    attach(res);
  });
  if (signal.aborted) giveUp();
  return token;
}
