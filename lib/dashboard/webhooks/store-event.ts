import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { CHANNEL } from "@/lib/dashboard/events/event-store";
import type { ExchangeState } from "@/lib/service-api/exchange-state";
import { wakeJobRunner } from "@/lib/dashboard/jobs/runner";
import { indexAnnouncedExchangesSql } from "@/lib/dashboard/exchanges/index-exchange";
import { forwardStoredEventsSql } from "@/lib/dashboard/forwarding/deliver";
import { retryingConflicts } from "@/lib/db/availability";
import { groupCommit } from "@/lib/db/group-commit";
import { logger } from "@/lib/log";

const log = logger("webhooks");

type Event = {
  tenantId: string;
  bodySha256: string;
  rawBody: string;
  eventType: string | null;
  exchangeId: string | null;
  orderId: string | null;
  correlationId: string | null;
  retryCount: number | null;
  userAgent: string | null;
  /** The request's headers worth showing (no credentials). */
  headers: Record<string, string>;
  receivedAt: Date;
  /** receivedAt on the service's clock as this process knows it (reports date unexecuted exchanges by it). */
  serviceReceivedAt?: Date;
  /** The state the event implies, for an exchange the index has not seen yet. */
  state: ExchangeState | null;
};

/** At most this many events go in one statement, and bodies of at most this many bytes (but always one event). */
const BATCH_MAX = 100;
const BATCH_MAX_BYTES = 1024 * 1024;

/** One lane per tenant and database: at most one statement in flight, the events that arrive meanwhile wait for the next. */
type Lane = (event: Event) => Promise<number | null>;
const lanes = new WeakMap<Db, Map<string, Lane>>();

/**
 * Stores an event (deduplicated by the SHA-256 of its raw body per tenant), has the exchanges
 * index and forwarding add their part in the same statement, and NOTIFYs the bus; resolves to the
 * event's cursor once it is committed, or null for a duplicate.
 *
 * Group commit (lib/db/group-commit.ts): the events of a tenant that arrive while its previous
 * statement is in flight are stored together by the next one, in one transaction with one
 * notice. Alone, an event is stored at once; under a burst, one round trip, one commit and one
 * notice serve many events, and nothing waits on a timer. The tenant's counter row serialises a
 * tenant's statements anyway, so one in flight per tenant costs no parallelism. A statement that
 * fails is tried again event by event, so one event the database refuses fails alone.
 */
export function storeAndPublish(db: Db, event: Event): Promise<number | null> {
  let byTenant = lanes.get(db);
  if (!byTenant) lanes.set(db, (byTenant = new Map()));
  return (byTenant.get(event.tenantId) ?? openLane(db, event.tenantId, byTenant))(event);
}

/** A tenant's lane, forgotten once nothing waits in it. */
function openLane(db: Db, tenantId: string, byTenant: Map<string, Lane>): Lane {
  const lane: Lane = groupCommit((events: Event[]) => storeRetried(db, tenantId, events), BATCH_MAX, {
    weight: (event) => event.rawBody.length,
    maxWeight: BATCH_MAX_BYTES,
    idle: () => {
      if (byTenant.get(tenantId) === lane) byTenant.delete(tenantId);
    },
  });
  byTenant.set(tenantId, lane);
  return lane;
}

/**
 * storeBatch, run again at once when PostgreSQL ended it to break a deadlock (nothing of it was
 * stored). It locks the tenant's cursor, then the rows of the exchanges its events name and the
 * daily figures of new ones; a snapshot refresh locks an exchange's row and then its figures, so
 * the two can wait for each other. The one PostgreSQL ends has done nothing wrong.
 */
function storeRetried(db: Db, tenantId: string, events: Event[]): Promise<(number | null)[]> {
  return retryingConflicts(
    () => storeBatch(db, tenantId, events),
    (conflict, attempt) =>
      log.info({ tenant_id: tenantId, events: events.length, attempt, err: conflict }, "storing webhooks failed; trying again"),
  );
}

/**
 * One statement, so that a burst costs one round trip: bump the tenant's cursor by the number of
 * new bodies, store them under consecutive cursors in arrival order, have the owners of what
 * they set off add their part (the exchanges index: indexAnnouncedExchangesSql; forwarding, a job
 * per event and endpoint through the job queue: forwardStoredEventsSql), and NOTIFY once (the
 * notice leaves on commit). Returns each event's cursor, or null for a duplicate (stored before,
 * or earlier in the same batch).
 *
 * The cursor is the tenant's counter row, bumped in this statement: its row lock is held until
 * commit, so a later cursor always commits after an earlier one and subscribers that skip
 * cursors at or below the last one they sent never skip a late commit. (A sequence would not
 * do: concurrent transactions take sequence values in one order and commit in another.)
 * The notice carries ids only: the tenant and the range of cursors the transaction stored
 * (lib/dashboard/events/bus.ts reads the events themselves).
 */
async function storeBatch(db: Db, tenantId: string, events: Event[]): Promise<(number | null)[]> {
  const input = JSON.stringify(
    events.map((e, ord) => ({
      ord,
      body_sha256: e.bodySha256,
      raw_body: e.rawBody,
      event_type: e.eventType,
      exchange_id: e.exchangeId,
      order_id: e.orderId,
      correlation_id: e.correlationId,
      retry_count: e.retryCount,
      user_agent: e.userAgent,
      headers: e.headers,
      received_at: e.receivedAt.toISOString(),
      service_received_at: (e.serviceReceivedAt ?? e.receivedAt).toISOString(),
      state: e.state,
    })),
  );
  // what the owners read: the events this statement stored
  const stored = sql.raw("stored_events");
  const result = (await db.execute(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS i(
        ord int, body_sha256 text, raw_body text, event_type text, exchange_id uuid, order_id uuid, correlation_id text,
        retry_count int, user_agent text, headers jsonb, received_at timestamptz, service_received_at timestamptz, state text)
    ), fresh AS (
      SELECT DISTINCT ON (body_sha256) * FROM input
      WHERE NOT EXISTS (SELECT 1 FROM webhook_events w WHERE w.tenant_id = ${tenantId} AND w.body_sha256 = input.body_sha256)
      ORDER BY body_sha256, ord
    ), numbered AS (
      SELECT fresh.*, row_number() OVER (ORDER BY ord) AS n, count(*) OVER () AS total FROM fresh
    ), bump AS (
      INSERT INTO event_cursors (tenant_id, seq)
      SELECT ${tenantId}, count(*) FROM fresh HAVING count(*) > 0
      ON CONFLICT (tenant_id) DO UPDATE SET seq = event_cursors.seq + excluded.seq
      RETURNING seq
    ), ins AS (
      INSERT INTO webhook_events
        (tenant_id, seq, body_sha256, raw_body, event_type, exchange_id, order_id, correlation_id, retry_count, user_agent, headers,
         received_at)
      SELECT ${tenantId}, bump.seq - numbered.total + numbered.n, body_sha256, raw_body, event_type, exchange_id, order_id,
             correlation_id, retry_count, user_agent, headers, received_at
      FROM numbered CROSS JOIN bump
      ON CONFLICT (tenant_id, body_sha256) DO NOTHING
      RETURNING seq, body_sha256, exchange_id, order_id, event_type
    ), ${stored} AS (
      SELECT ins.seq, ins.exchange_id, ins.order_id, ins.event_type, numbered.state, numbered.received_at, numbered.service_received_at
      FROM ins JOIN numbered USING (body_sha256)
    ), forwarded AS (${forwardStoredEventsSql(tenantId, stored)}
    ), ${indexAnnouncedExchangesSql(tenantId, stored)}, notice AS (
      SELECT pg_notify(${CHANNEL}, json_build_object(
        'kind', 'webhook', 'tenant_id', ${tenantId}::uuid, 'first_seq', min(seq), 'last_seq', max(seq))::text)
      FROM ins HAVING count(*) > 0
    )
    SELECT body_sha256, seq, (SELECT count(*) FROM notice) AS notified, (SELECT count(*) FROM forwarded) AS forwarded FROM ins
  `)) as { rows: { body_sha256: string; seq: number | string; forwarded: number | string }[] };
  if (result.rows.some((row) => Number(row.forwarded) > 0)) wakeJobRunner();
  const seqs = new Map(result.rows.map((row) => [row.body_sha256, Number(row.seq)]));
  return events.map((e) => {
    const seq = seqs.get(e.bodySha256);
    if (seq === undefined) return null;
    seqs.delete(e.bodySha256); // a second copy in the same batch is a duplicate
    return seq;
  });
}
