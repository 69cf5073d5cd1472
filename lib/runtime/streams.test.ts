import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  endAllStreams,
  heldStreams,
  matchStreamRoute,
  MAX_UNREAD_BYTES,
  registerStreamRoutes,
  serveStreamRoute,
  streamResponse,
} from "./streams.mjs";
import type { Channel, StreamSource } from "./streams.d.mts";

// The stream adapter on a real node:http server, as scripts/server.mjs uses it: the route
// decides with a web Request, the adapter holds the connection. The integration suites run the
// app's own streams through it (resume by Last-Event-ID, sign-out, payout links, nginx).

const HEARTBEAT_MS = 40;
/** What the routes below were given, and the channels they opened. */
const seen: { lastEventId: string | null; params: Record<string, string> }[] = [];
const channels: Channel[] = [];
const closed: string[] = [];
const beats: number[] = [];

function source(name: string, start: (channel: Channel) => void = () => undefined): StreamSource {
  return {
    start(channel) {
      channels.push(channel);
      channel.onClose(() => closed.push(name));
      start(channel);
    },
    beat: () => void beats.push(Date.now()),
  };
}

registerStreamRoutes(
  {
    "/streams/frames/[name]": async (req, context) => {
      const params = await context.params;
      seen.push({ lastEventId: req.headers.get("last-event-id"), params });
      return streamResponse(
        source(params.name ?? "", (channel) => {
          channel.write("retry: 3000\n: connected\n\n");
          channel.write(new TextEncoder().encode(`id: 7\ndata: {"name":"${params.name}"}\n\n`));
        }),
        { "content-type": "text/event-stream", "cache-control": "no-cache, no-transform" },
      );
    },
    "/streams/refused": async () => Response.json({ error: "rate_limited" }, { status: 429, headers: { "retry-after": "1" } }),
    "/streams/failing": async () => {
      throw new Error("the route broke");
    },
  },
  { heartbeatMs: HEARTBEAT_MS, onBeat: () => undefined },
);

let server: Server;
let base: string;
const served: { status: number }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const match = matchStreamRoute(new URL(req.url ?? "/", "http://x").pathname);
    if (!match) return void res.writeHead(404).end();
    void serveStreamRoute(match, req, res, { origin: "http://127.0.0.1", onHeld: () => served.push({ status: 200 }) });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  endAllStreams(0);
  channels.length = 0;
  closed.length = 0;
  beats.length = 0;
  seen.length = 0;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Client = { res: IncomingMessage; text: () => string; until: (needle: string) => Promise<string>; ended: Promise<void> };

/** Opens `path` and reads it as it arrives. */
function open(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Client> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      let text = "";
      const waiters: (() => void)[] = [];
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
        for (const wake of waiters.splice(0)) wake();
      });
      const ended = new Promise<void>((done) => res.on("close", done));
      const until = async (needle: string) => {
        while (!text.includes(needle)) {
          const more = new Promise<void>((wake) => waiters.push(wake));
          await Promise.race([more, ended]);
          if (!res.readable && !text.includes(needle)) throw new Error(`ended without ${JSON.stringify(needle)}: ${text}`);
        }
        return text;
      };
      resolve({ res, text: () => text, until, ended });
    });
    req.on("error", reject);
    req.end();
  });
}

/** Resolves once `check` holds, polled on the event loop's turns (the adapter's cleanups run on a socket's close). */
async function eventually(check: () => boolean) {
  for (let turn = 0; !check(); turn++) {
    if (turn > 2_000) throw new Error("never held");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("the stream adapter", () => {
  it("matches templates and decodes their parameters; other paths are not streams", () => {
    expect(matchStreamRoute("/streams/frames/caf%C3%A9")?.params).toEqual({ name: "café" });
    expect(matchStreamRoute("/streams/frames/a/")?.template).toBe("/streams/frames/[name]");
    expect(matchStreamRoute("/streams/frames/a/b")).toBeNull();
    expect(matchStreamRoute("/streams/frames")).toBeNull();
  });

  it("holds a stream the route opened: its head, then the source's frames; the route saw the request", async () => {
    const client = await open("/streams/frames/alice", { "last-event-id": "41" });
    expect(client.res.statusCode).toBe(200);
    expect(client.res.headers["content-type"]).toBe("text/event-stream");
    expect(await client.until('data: {"name":"alice"}')).toBe('retry: 3000\n: connected\n\nid: 7\ndata: {"name":"alice"}\n\n');
    expect(seen).toEqual([{ lastEventId: "41", params: { name: "alice" } }]);
    expect([heldStreams(), served.length > 0]).toEqual([1, true]);
  });

  it("beats every held stream: a comment line, then the source's beat", async () => {
    const client = await open("/streams/frames/bob");
    await client.until(": heartbeat\n\n");
    await client.until(": heartbeat\n\n: heartbeat\n\n");
    expect(beats.length).toBeGreaterThanOrEqual(2);
  });

  it("writes a plain answer as it is (an error of the route), and a HEAD's head alone", async () => {
    const refused = await open("/streams/refused");
    await refused.ended;
    expect([refused.res.statusCode, refused.res.headers["retry-after"], refused.text()]).toEqual([429, "1", '{"error":"rate_limited"}']);
    const failing = await open("/streams/failing");
    await failing.ended;
    expect([failing.res.statusCode, failing.text()]).toEqual([400, '{"error":"invalid_request"}']);
    const head = await open("/streams/frames/carol", {}, "HEAD");
    await head.ended;
    expect([head.res.statusCode, head.text()]).toEqual([200, ""]);
    // the source was started, and closed at once: what it held is given back
    await eventually(() => closed.includes("carol"));
    expect(heldStreams()).toBe(0);
  });

  it("ends a stream when its source says so (a session that ended): the client sees the end", async () => {
    const client = await open("/streams/frames/dave");
    await client.until("connected");
    channels[0]?.end();
    await client.ended;
    expect([closed, heldStreams()]).toEqual([["dave"], 0]);
    // writes after the end are dropped
    channels[0]?.write("data: late\n\n");
    expect(client.text()).not.toContain("late");
  });

  it("lets go of a client that left: its socket closed, the source's cleanups ran, nothing held", async () => {
    const client = await open("/streams/frames/erin");
    await client.until("connected");
    client.res.socket.destroy();
    await eventually(() => closed.includes("erin"));
    expect([heldStreams(), channels[0]?.closed]).toEqual([0, true]);
  });

  it("ends the stream of a client that stopped reading once a megabyte waits for it", async () => {
    const client = await open("/streams/frames/frank");
    await client.until("connected");
    client.res.pause();
    const frame = `data: ${"x".repeat(64 * 1024)}\n\n`;
    let written = 0;
    // the kernel's buffers take the first megabytes; the rest waits in the process, up to the cap
    while (!channels[0]?.closed && written < 256 * MAX_UNREAD_BYTES) {
      channels[0]?.write(frame);
      written += frame.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(channels[0]?.closed).toBe(true);
    expect([closed, heldStreams()]).toEqual([["frank"], 0]);
  });

  it("ends every held stream with a retry hint on a drain", async () => {
    const clients = await Promise.all(["gina", "hank"].map((name) => open(`/streams/frames/${name}`)));
    await Promise.all(clients.map((client) => client.until("connected")));
    expect(endAllStreams(1_000)).toBe(2);
    await Promise.all(clients.map((client) => client.ended));
    for (const client of clients) expect(client.text()).toMatch(/retry: (1\d{3}|2000)\n: reconnect\n\n$/);
    expect(heldStreams()).toBe(0);
  });
});
