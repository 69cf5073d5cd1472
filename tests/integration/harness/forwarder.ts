import { createServer, request, type Server } from "node:http";
import type { Socket } from "node:net";

// A plain forwarder to this app's sandbox, on a port of the test's: a tenant whose service is
// reached through it loses the service when the test stops it (its port then refuses
// connections, as during a failover) and finds it again when the test starts it.

export class Forwarder {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly port: number,
    private readonly target: URL,
  ) {}

  /** Listens, passing every request on to the target as it is. */
  async start(): Promise<void> {
    const target = this.target;
    const server = createServer((req, res) => {
      const upstream = request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
  }

  /** Stops listening and drops every open connection: the port refuses from now on. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
