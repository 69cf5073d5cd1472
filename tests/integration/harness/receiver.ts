import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

// An affiliate's system, as the tests stand it up: a plain node:http server that records every
// request it gets (headers and the raw body, byte for byte) and answers as the test says.

export type Received = { path: string; headers: Record<string, string>; body: string; at: number };
type Answer = (request: Received, res: ServerResponse) => unknown;

export class Receiver {
  readonly received: Received[] = [];
  private answer: Answer = (_, res) => res.end("ok");
  private waiters: { test: () => boolean; resolve: () => void }[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<Receiver> {
    const ref: { self?: Receiver } = {};
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
        const request = { path: req.url ?? "/", headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
        const self = ref.self;
        if (!self) return void res.end();
        self.received.push(request);
        self.check();
        void Promise.resolve(self.answer(request, res)).finally(() => self.check());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    ref.self = new Receiver(server, `http://127.0.0.1:${port}`);
    return ref.self;
  }

  /** How the receiver answers from now on. */
  answerWith(answer: Answer) {
    this.answer = answer;
  }

  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Resolves once `test` holds (checked as requests arrive), or rejects after `timeoutMs`. */
  until(test: () => boolean, timeoutMs = 15_000, what = "the receiver's condition"): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what} did not hold within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  private check() {
    this.waiters = this.waiters.filter((w) => {
      if (!w.test()) return true;
      w.resolve();
      return false;
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
