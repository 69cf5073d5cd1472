// The baseline of the webhook ingest benchmark on PGlite, whose database one process owns: a bare
// node:http handler on a PGlite of its own doing the core of POST /webhook (verify HMAC, parse,
// store with dedupe, NOTIFY), without the index and forwarding (on PostgreSQL the bench runs
// scripts/bench/bare-webhook.ts, the app's own store on the same database, instead).
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const { BARE_PORT, BARE_SECRET, BARE_TENANT_ID, BARE_DATABASE_URL, BARE_PGLITE_DIR } = process.env;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let query;
if (BARE_DATABASE_URL) {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: BARE_DATABASE_URL, max: 10 });
  query = (text, values) => pool.query(text, values);
} else {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(BARE_PGLITE_DIR);
  await db.exec(`CREATE TABLE IF NOT EXISTS webhook_events (
    id bigserial PRIMARY KEY, tenant_id uuid NOT NULL, seq bigint NOT NULL, body_sha256 text NOT NULL, raw_body text NOT NULL,
    event_type text, exchange_id uuid, order_id uuid, correlation_id text, retry_count integer, user_agent text,
    headers jsonb, received_at timestamptz(3) NOT NULL, UNIQUE (tenant_id, body_sha256));
    CREATE TABLE IF NOT EXISTS event_cursors (tenant_id uuid PRIMARY KEY, seq bigint NOT NULL)`);
  query = (text, values) => db.query(text, values);
}

const verify = (raw, header) => {
  const given = (header ?? "").replace(/^sha256=/i, "").toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = createHmac("sha256", BARE_SECRET).update(raw).digest();
  return timingSafeEqual(Buffer.from(given, "hex"), expected);
};

const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", async () => {
    const raw = Buffer.concat(chunks).toString("utf8");
    if (!verify(raw, req.headers["x-signature-256"])) return res.writeHead(401).end();
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return res.writeHead(400).end();
    }
    const id = (v) => (typeof v === "string" && UUID.test(v) ? v : null);
    // the app's one statement: the tenant's cursor bumped, the event stored, the notice sent
    const result = await query(
      `WITH bump AS (
         INSERT INTO event_cursors (tenant_id, seq)
         SELECT $1, 1 WHERE NOT EXISTS (SELECT 1 FROM webhook_events WHERE tenant_id = $1 AND body_sha256 = $2)
         ON CONFLICT (tenant_id) DO UPDATE SET seq = event_cursors.seq + 1
         RETURNING seq
       ), ins AS (
         INSERT INTO webhook_events
           (tenant_id, seq, body_sha256, raw_body, event_type, exchange_id, order_id, correlation_id, retry_count, user_agent, headers,
            received_at)
         SELECT $1, bump.seq, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, now() FROM bump
         ON CONFLICT (tenant_id, body_sha256) DO NOTHING
         RETURNING seq
       )
       SELECT seq, pg_notify('bare_bench_events', json_build_object('seq', seq)::text) FROM ins`,
      [
        BARE_TENANT_ID,
        createHash("sha256").update(raw).digest("hex"),
        raw,
        body?.event ?? null,
        id(body?.payload?.exchange_id),
        id(body?.payload?.order_id),
        req.headers["x-correlation-id"] ?? null,
        Number(req.headers["x-retry-count"] ?? 0),
        req.headers["user-agent"] ?? null,
        // the headers the app keeps, credentials left out
        JSON.stringify(Object.fromEntries(Object.entries(req.headers).filter(([name]) => !["authorization", "cookie"].includes(name)))),
      ],
    );
    const stored = result.rows[0];
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ received: true, seq: stored?.seq ?? null }));
  });
});
server.listen(Number(BARE_PORT), "127.0.0.1", () => console.log("bare webhook handler ready"));
