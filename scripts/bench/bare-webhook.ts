// The baseline of the webhook ingest benchmark on PostgreSQL: a bare node:http handler doing every
// durable thing POST /webhook does, with the app's own code, on the same database: the signature
// checked over the raw bytes (the app's verifySignature), the body parsed and read by the wire
// schema, then storeAndPublish (the same group-committed statement: the event stored once by its
// SHA-256, the tenant's cursor bumped, the exchanges index and the forwarding jobs written, the bus
// signalled by NOTIFY). What it leaves out is what a framework and the app's care add: Next.js's
// routing, the tenant's lookup, the body caps and the refusals' bookkeeping, the request log, the
// metrics and log line, and the snapshot refresh after the answer (an upstream read).
// Run by scripts/bench/ingest.ts with tsx (--conditions=react-server, as the bench itself).
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { getDb } from "@/lib/db/client";
import { storeAndPublish } from "@/lib/dashboard/webhooks/store-event";
import { anyWebhookEventSchema } from "@/lib/service-api/schemas";
import { stateOfEvent } from "@/lib/service-api/exchange-state";
import { verifySignature } from "@/lib/service-api/webhook-signature.mjs";

const { BARE_PORT, BARE_SECRET, BARE_TENANT_ID } = process.env;
if (!BARE_PORT || !BARE_SECRET || !BARE_TENANT_ID || !process.env.DATABASE_URL) {
  throw new Error("BARE_PORT, BARE_SECRET, BARE_TENANT_ID and DATABASE_URL are needed");
}
const tenantId = BARE_TENANT_ID;
const secret = BARE_SECRET;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (value: unknown) => (typeof value === "string" && UUID.test(value) ? value.toLowerCase() : null);
const db = await getDb();

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const bytes = Buffer.concat(chunks);
    const header = req.headers["x-signature-256"];
    if (!verifySignature(bytes, secret, typeof header === "string" ? header : null)) return void res.writeHead(401).end();
    const raw = bytes.toString("utf8");
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return void res.writeHead(400).end();
    }
    const parsed = anyWebhookEventSchema.safeParse(json);
    const eventType = parsed.success ? parsed.data.event : null;
    const payload = parsed.success ? parsed.data.payload : {};
    const receivedAt = new Date();
    const headers = Object.fromEntries(
      Object.entries(req.headers).flatMap(([name, value]) =>
        typeof value === "string" && !["authorization", "cookie"].includes(name) ? [[name, value]] : [],
      ),
    );
    storeAndPublish(db, {
      tenantId,
      bodySha256: createHash("sha256").update(raw).digest("hex"),
      rawBody: raw,
      eventType,
      exchangeId: idOf(payload.exchange_id),
      orderId: idOf(payload.order_id),
      correlationId: headers["x-correlation-id"] ?? null,
      retryCount: Number(headers["x-retry-count"] ?? 0),
      userAgent: headers["user-agent"] ?? null,
      headers,
      receivedAt,
      state: stateOfEvent(eventType),
    }).then(
      (seq) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ received: true, seq })),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
});
server.listen(Number(BARE_PORT), "127.0.0.1", () => console.log("bare webhook handler ready"));
