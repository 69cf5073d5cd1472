import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { exchanges } from "@/lib/db/schema";
import type { AttentionReason } from "@/lib/dashboard/contract/dashboard-api";

// Exchanges stuck too long (GET /api/exchanges?attention=1, the overview's queue). Ages of what
// the service timestamps (executed_on) and of an identification pending since the exchange's
// date (service_at: for one held before it executed, when the service announced it, on its
// clock; the date the lists show) are measured on the service's clock, which the sandbox's
// operators move; the age of a payout unconfirmed since its broadcast's webhook, on ours; and so
// is the grace a state gets for its webhook to arrive (a look at the exchange often runs ahead of
// it by a moment, a failed delivery by the service's first retry, 5 minutes) before it counts as
// never announced.

const HOUR_MS = 3_600_000;
export const ATTENTION_LIMITS = { identificationHours: 48, unclaimedHours: 1, unconfirmedHours: 24 } as const;

/**
 * The exchanges a rule can flag, however old (the generated column attention_candidate: interrupted,
 * awaiting a payout, payout unconfirmed, or a state no webhook announced). The partial index
 * exchanges_attention holds exactly these, so the queue never reads the tenant's whole history.
 */
export const attentionCandidate = sql`${exchanges.attentionCandidate}`;

/** When the exchange's newest webhook came (first seen, if none did yet): the grace of "never announced" runs from it. */
const lastAnnouncedAt = sql`COALESCE((SELECT w.received_at FROM webhook_events w
  WHERE w.tenant_id = ${exchanges.tenantId} AND w.exchange_id = ${exchanges.id} ORDER BY w.seq DESC LIMIT 1), ${exchanges.firstSeenAt})`;

const firstSettledAt = sql`(SELECT min(w.received_at) FROM webhook_events w
  WHERE w.tenant_id = ${exchanges.tenantId} AND w.exchange_id = ${exchanges.id} AND w.event_type = 'exchange.settled')`;

/**
 * Why an exchange needs attention now, or NULL: one SQL expression over the index row. Each test
 * is false rather than NULL where a field is missing, so that the webhook lookups behind it run
 * only for the exchanges they concern.
 */
export function attentionReason(now: Date, serviceNow: Date): SQL<AttentionReason | null> {
  const ago = (hours: number, from = now) => new Date(from.getTime() - hours * HOUR_MS).toISOString();
  const s = exchanges.snapshot;
  return sql<AttentionReason | null>`CASE
    WHEN ${exchanges.state} = 'interrupted' AND ${s}->'action'->>'code' = 'identification_required'
      AND ${exchanges.serviceAt} < ${ago(ATTENTION_LIMITS.identificationHours, serviceNow)}::timestamptz
      THEN 'identification_overdue'
    WHEN ${s}->'action'->>'code' = 'initiate_payout' AND coalesce(${s}->'payout'->>'status', '') NOT IN ('pending', 'funding')
      AND (${s}->>'executed_on')::timestamptz < ${ago(ATTENTION_LIMITS.unclaimedHours, serviceNow)}::timestamptz THEN 'payout_unclaimed'
    WHEN coalesce(${s}->'payout'->>'confirmed', '') = 'false'
      AND ${firstSettledAt} < ${ago(ATTENTION_LIMITS.unconfirmedHours)}::timestamptz THEN 'unconfirmed'
    WHEN ${s} IS NOT NULL AND 'exchange.' || ${exchanges.state} IS DISTINCT FROM ${exchanges.lastEventType}
      AND ${lastAnnouncedAt} < ${new Date(now.getTime() - env().attentionWebhookGraceMs).toISOString()}::timestamptz THEN 'webhook_missing'
  END`;
}

/** How many of the tenant's exchanges need attention now. */
export async function countAttention(db: Db, tenantId: string, now: Date, serviceNow: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(exchanges)
    .where(and(eq(exchanges.tenantId, tenantId), attentionCandidate, sql`${attentionReason(now, serviceNow)} IS NOT NULL`));
  return row?.n ?? 0;
}
