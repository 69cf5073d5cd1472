import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { CHANNEL } from "@/lib/events/bus";
import type { ExchangeState } from "@/lib/exchange/exchange-state";

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

/**
 * Stores an event (deduplicated by the SHA-256 of its raw body per tenant), indexes an exchange
 * heard of for the first time, and NOTIFYs the bus: one statement, one round trip, one
 * transaction (the notification leaves on commit). Returns the event's cursor, or null for a
 * duplicate. The notice is a WebhookNotice of lib/contract/dashboard-api.ts (a test parses it).
 *
 * The cursor is the tenant's counter row, bumped in this statement: its row lock is held until
 * commit, so a later cursor always commits after an earlier one and subscribers that skip
 * cursors at or below the last one they sent never skip a late commit. (A sequence would not
 * do: concurrent transactions take sequence values in one order and commit in another.)
 */
export async function storeAndPublish(db: Db, e: Event): Promise<number | null> {
  const result = (await db.execute(sql`
    WITH bump AS (
      INSERT INTO event_cursors (tenant_id, seq)
      SELECT ${e.tenantId}, 1
      WHERE NOT EXISTS (SELECT 1 FROM webhook_events WHERE tenant_id = ${e.tenantId} AND body_sha256 = ${e.bodySha256})
      ON CONFLICT (tenant_id) DO UPDATE SET seq = event_cursors.seq + 1
      RETURNING seq
    ), ins AS (
      INSERT INTO webhook_events
        (tenant_id, seq, body_sha256, raw_body, event_type, exchange_id, order_id, correlation_id, retry_count, user_agent, headers,
         received_at)
      SELECT ${e.tenantId}, bump.seq, ${e.bodySha256}, ${e.rawBody}, ${e.eventType}, ${e.exchangeId}, ${e.orderId},
             ${e.correlationId}, ${e.retryCount}, ${e.userAgent}, ${JSON.stringify(e.headers)}::jsonb, ${e.receivedAt.toISOString()}
      FROM bump
      ON CONFLICT (tenant_id, body_sha256) DO NOTHING
      RETURNING seq, tenant_id, event_type, exchange_id, order_id, received_at
    ), discovered AS (
      INSERT INTO exchanges (id, tenant_id, order_id, state, first_seen_at, first_seen_service_at)
      SELECT exchange_id, tenant_id, order_id, ${e.state}, received_at, ${(e.serviceReceivedAt ?? e.receivedAt).toISOString()}::timestamptz
      FROM ins
      WHERE exchange_id IS NOT NULL AND order_id IS NOT NULL AND ${e.state}::text IS NOT NULL
      ON CONFLICT (tenant_id, id) DO NOTHING
    )
    SELECT seq, pg_notify(${CHANNEL}, json_build_object(
      'kind', 'webhook', 'tenant_id', tenant_id, 'seq', seq, 'event', event_type, 'exchange_id', exchange_id,
      'order_id', order_id, 'received_at', to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    )::text) FROM ins
  `)) as { rows: { seq: number | string }[] };
  const row = result.rows[0];
  return row ? Number(row.seq) : null;
}
