// Part of section 5 of npm run bench: what loading a page sends, in Debian's Chromium, as a
// returning user loads it (the browser's cache warm from a first load): how many requests, how
// many of them route prefetches, any prefetch sent twice or cancelled, and how long until the
// network is quiet (no request in flight but the page's event stream) against the blank page's.
import type { BrowserContext } from "@playwright/test";

export type PageRequests = {
  /** Requests that reached the network on the measured load (the event stream included). */
  requests: number;
  /** Of them, route prefetches (React Server Component requests sent ahead of a click). */
  prefetches: number;
  /** Prefetches of a route already prefetched on this load (one prefetch asks for the route's tree, then its data). */
  repeated: number;
  /** Requests the page cancelled. */
  cancelled: number;
  /** From navigation start to the last request's end, the event stream left out, in ms. */
  settledMs: number;
};

/** How long the network must stay quiet for the page to count as settled. */
const QUIET_MS = 500;

export async function pageRequests(context: BrowserContext, url: string, ready?: string): Promise<PageRequests> {
  const warm = await context.newPage();
  await warm.goto(url, { waitUntil: "load" });
  if (ready) await warm.waitForSelector(ready, { state: "attached" });
  await warm.close();

  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  // start and end on the browser's clock (for the figures), wall on ours (to wait for quiet)
  type Seen = {
    url: string;
    prefetch: boolean;
    part: string;
    stream: boolean;
    start: number;
    end?: number;
    wall: number;
    cancelled?: boolean;
    cached?: boolean;
  };
  const seen = new Map<string, Seen>();
  cdp.on("Network.requestWillBeSent", (e) => {
    const headers = Object.fromEntries(Object.entries(e.request.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    seen.set(e.requestId, {
      url: e.request.url,
      prefetch: headers["next-router-prefetch"] === "1",
      part: headers["next-router-segment-prefetch"] ?? "data",
      stream: e.type === "EventSource" || headers.accept === "text/event-stream",
      start: e.timestamp * 1000,
      wall: Date.now(),
    });
  });
  cdp.on("Network.requestServedFromCache", (e) => {
    const request = seen.get(e.requestId);
    if (request) request.cached = true;
  });
  cdp.on("Network.responseReceived", (e) => {
    const request = seen.get(e.requestId);
    if (request && (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker)) request.cached = true;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const request = seen.get(e.requestId);
    if (request) Object.assign(request, { end: e.timestamp * 1000, wall: Date.now() });
  });
  cdp.on("Network.loadingFailed", (e) => {
    const request = seen.get(e.requestId);
    if (request) Object.assign(request, { end: e.timestamp * 1000, wall: Date.now(), cancelled: e.canceled === true });
  });
  await page.goto(url, { waitUntil: "load" });
  if (ready) await page.waitForSelector(ready, { state: "attached" });
  // quiet: no request in flight (the stream aside) and none begun for QUIET_MS
  const quietSince = () => {
    const busy = [...seen.values()].filter((r) => !r.stream);
    if (busy.some((r) => r.end === undefined)) return null;
    return Math.max(...busy.map((r) => r.wall));
  };
  for (let waited = 0; waited < 15_000; waited += 100) {
    const last = quietSince();
    if (last !== null && Date.now() - last >= QUIET_MS) break;
    await page.waitForTimeout(100);
  }
  // read before the page closes: closing it cancels its event stream
  const all = [...seen.values()].map((r) => ({ ...r }));
  await page.close();
  const network = all.filter((r) => !r.cached);
  const prefetched = network.filter((r) => r.prefetch);
  const routes = prefetched.map((r) => `${new URL(r.url).pathname} ${r.part}`);
  const first = Math.min(...all.map((r) => r.start));
  const last = Math.max(...all.filter((r) => !r.stream).map((r) => r.end ?? r.start));
  return {
    requests: network.length,
    prefetches: prefetched.length,
    repeated: routes.length - new Set(routes).size,
    cancelled: network.filter((r) => r.cancelled && !r.stream).length,
    settledMs: last - first,
  };
}
