import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";

export type Received = { body: string; headers: IncomingHttpHeaders; at: number };
type Responder = (request: Received, res: ServerResponse) => void;

/** A real local HTTP server that records webhook requests and answers as told. */
export async function startReceiver() {
  const received: Received[] = [];
  let responder: Responder = (_req, res) => res.writeHead(200).end("ok");
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request = { body: Buffer.concat(chunks).toString("utf8"), headers: req.headers, at: Date.now() };
      received.push(request);
      responder(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    respond(next: Responder) {
      responder = next;
    },
    /** Waits until a received request satisfies the predicate; returns it. */
    async waitFor(predicate: (r: Received) => boolean, timeoutMs = 10_000): Promise<Received> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = received.find(predicate);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(
        `no matching webhook within ${timeoutMs} ms; got ${received.length}: ${received.map((r) => r.body.slice(0, 80)).join(" | ")}`,
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
