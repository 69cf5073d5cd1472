import "server-only";
import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exchanges, forwardingEndpoints, tenants, webhookEvents, webhookRejections } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { attentionReason } from "@/lib/dashboard/exchanges/attention";
import { serviceTime } from "@/lib/service-api/client";
import { reconciliationIssues } from "@/lib/dashboard/reports/statements";
import { earningsReport } from "@/lib/dashboard/reports/earnings";
import { listAgreements } from "@/lib/dashboard/reports/agreements";
import { todayIn } from "@/lib/dashboard/reports/periods";
import type { JobHandler } from "@/lib/dashboard/jobs/runner";
import { enqueueOnce, type JobKind } from "@/lib/dashboard/jobs/queue";
import { errorText, logger } from "@/lib/log";
import { DIGEST_JOB, notify } from "./notify";

const log = logger("notifications");

// The sweep: every NOTIFICATIONS_SWEEP_SECONDS one instance (whoever claims the job) looks at
// each tenant for what its people should hear of, and notifies each finding once per key. What
// was found before is found again and changes nothing: the keys make it idempotent.

export const SWEEP_JOB = "notifications-sweep" as const satisfies JobKind;
const SWEEP_KEY = "notifications-sweep";
const MAX_PER_KIND = 200;
const HOUR_MS = 3_600_000;
/** An endpoint failing this long is worth a mail (a short blip retries by itself). */
const FORWARDING_FAILING_MS = HOUR_MS;
/** Rejected webhooks in an hour at which someone should look (a wrong secret rejects everything). */
const REJECTIONS_PER_HOUR = 3;

type Clock = { now: Date };

async function attention(db: Db, tenant: { id: string; baseUrl: string }, clock: Clock): Promise<number> {
  const reason = attentionReason(clock.now, serviceTime(tenant.baseUrl, clock.now.getTime()));
  const rows = await db
    .select({ id: exchanges.id, reason })
    .from(exchanges)
    .where(and(eq(exchanges.tenantId, tenant.id), sql`${reason} IS NOT NULL`))
    .limit(MAX_PER_KIND);
  let added = 0;
  for (const row of rows) {
    if (!row.reason) continue;
    added += await notify(db, {
      tenantId: tenant.id,
      category: "attention",
      key: `attention:${row.id}:${row.reason}`,
      kind: `attention_${row.reason}`,
      params: { exchange: row.id.slice(0, 8) },
      link: `/exchanges/${row.id}`,
    });
  }
  return added;
}

async function webhooks(db: Db, tenantId: string, clock: Clock): Promise<number> {
  let added = 0;
  const silence = env().webhookSilenceMs;
  // silent: exchanges are open (executed or interrupted, not yet settled or refunded), and no webhook came for a while
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(exchanges)
    .where(and(eq(exchanges.tenantId, tenantId), sql`${exchanges.state} IN ('executed', 'interrupted')`));
  // the newest webhook by its cursor (an index walk of one row), not the max over every one kept
  const [last] = await db
    .select({ at: webhookEvents.receivedAt })
    .from(webhookEvents)
    .where(eq(webhookEvents.tenantId, tenantId))
    .orderBy(desc(webhookEvents.seq))
    .limit(1);
  const lastAt = last?.at ?? null;
  if ((open?.n ?? 0) > 0 && lastAt && clock.now.getTime() - lastAt.getTime() >= silence) {
    added += await notify(db, {
      tenantId,
      category: "webhooks",
      key: `webhooks:silent:${lastAt.toISOString()}`,
      kind: "webhooks_silent",
      params: { hours: Math.floor((clock.now.getTime() - lastAt.getTime()) / HOUR_MS), open: open?.n ?? 0 },
      link: "/events",
    });
  }
  // rejected: more signatures refused in the last hour than in the hour before, and at least a few
  const hourAgo = new Date(clock.now.getTime() - HOUR_MS);
  const twoHoursAgo = new Date(clock.now.getTime() - 2 * HOUR_MS);
  const hour = sql`${hourAgo.toISOString()}::timestamptz`;
  const [counts] = await db
    .select({
      recent: sql<number>`coalesce(sum(${webhookRejections.count}) FILTER (WHERE ${webhookRejections.lastAt} >= ${hour}), 0)::int`,
      before: sql<number>`coalesce(sum(${webhookRejections.count}) FILTER (WHERE ${webhookRejections.lastAt} < ${hour}), 0)::int`,
    })
    .from(webhookRejections)
    .where(and(eq(webhookRejections.tenantId, tenantId), sql`${webhookRejections.lastAt} >= ${twoHoursAgo.toISOString()}::timestamptz`));
  const recent = Number(counts?.recent ?? 0);
  if (recent >= REJECTIONS_PER_HOUR && recent > Number(counts?.before ?? 0)) {
    added += await notify(db, {
      tenantId,
      category: "webhooks",
      key: `webhooks:rejected:${clock.now.toISOString().slice(0, 13)}`,
      kind: "webhooks_rejected",
      params: { count: recent },
      link: "/events",
    });
  }
  return added;
}

async function forwarding(db: Db, tenantId: string, clock: Clock): Promise<number> {
  let added = 0;
  const failing = await db
    .select()
    .from(forwardingEndpoints)
    .where(
      and(
        eq(forwardingEndpoints.tenantId, tenantId),
        isNotNull(forwardingEndpoints.failingSince),
        lt(forwardingEndpoints.failingSince, new Date(clock.now.getTime() - FORWARDING_FAILING_MS)),
      ),
    )
    .limit(MAX_PER_KIND);
  for (const endpoint of failing) {
    const disabled = !endpoint.enabled && endpoint.disabledAt;
    added += await notify(db, {
      tenantId,
      category: "forwarding",
      key: disabled
        ? `forwarding:disabled:${endpoint.id}:${endpoint.disabledAt?.toISOString()}`
        : `forwarding:failing:${endpoint.id}:${endpoint.failingSince?.toISOString()}`,
      kind: disabled ? "forwarding_disabled" : "forwarding_failing",
      params: { url: endpoint.url },
      link: "/settings?tab=forwarding",
    });
  }
  return added;
}

async function reconciliation(db: Db, tenant: { id: string; timeZone: string }): Promise<number> {
  let added = 0;
  for (const issue of await reconciliationIssues(db, tenant.id)) {
    added += await notify(db, {
      tenantId: tenant.id,
      category: "reconciliation",
      key: `reconciliation:${issue.affiliate_id}:${issue.period}:${issue.currency}:${issue.difference}`,
      kind: "reconciliation_difference",
      params: {
        agreement: issue.label ?? issue.affiliate_id.slice(0, 8),
        period: issue.period,
        difference: `${issue.difference} ${issue.currency.toUpperCase()}`,
      },
      link: `/reports/statements/${issue.affiliate_id}/${issue.period}`,
    });
  }
  return added;
}

/** The Monday (YYYY-MM-DD) of the week before the one `today` is in. */
export function lastWeekOf(today: string): { from: string; to: string } {
  const day = new Date(`${today}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  const monday = new Date(day.getTime() - (sinceMonday + 7) * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
}

async function weeklySummary(db: Db, tenant: { id: string; timeZone: string }, clock: Clock): Promise<number> {
  const week = lastWeekOf(todayIn(tenant.timeZone, clock.now));
  const agreements = await listAgreements(db, tenant.id, tenant.timeZone, clock.now);
  if (agreements.length === 0) return 0;
  const report = await earningsReport(db, tenant.id, tenant.timeZone, { ...week, group: "agreement" });
  let added = 0;
  for (const agreement of agreements) {
    const rows = report.rows.filter((r) => r.key === agreement.affiliate_id);
    // a week without exchanges under the agreement is not news
    if (rows.length === 0) continue;
    const earnings = rows.map((r) => `${r.earnings} ${r.currency.toUpperCase()}`).join(", ");
    added += await notify(db, {
      tenantId: tenant.id,
      category: "weekly_summary",
      key: `weekly:${agreement.affiliate_id}:${week.from}`,
      kind: "weekly_summary",
      params: {
        agreement: agreement.label ?? agreement.affiliate_id.slice(0, 8),
        from: week.from,
        to: week.to,
        count: rows.reduce((n, r) => n + r.count, 0),
        earnings,
      },
      link: `/reports?from=${week.from}&to=${week.to}`,
    });
  }
  return added;
}

/** A digest for every user and category with mail waiting and no digest queued (one lost in a race or a crash). */
async function requeueDigests(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO jobs (id, kind, tenant_id, subject_id, payload, status, attempts, run_at, created_at, dedupe_key)
    SELECT gen_random_uuid(), ${DIGEST_JOB}, w.tenant_id, w.user_id, jsonb_build_object('user_id', w.user_id, 'category', w.category),
      'pending', 0, now(), now(), 'digest:' || w.user_id || ':' || w.category
    FROM (SELECT DISTINCT tenant_id, user_id, category FROM notifications
          WHERE mail_status = 'pending' AND created_at < now() - interval '1 minute') w
    ON CONFLICT (dedupe_key) WHERE status = 'pending' AND dedupe_key IS NOT NULL DO NOTHING`);
}

/** Looks at every tenant once; returns how many notifications were added. */
export async function sweepNotifications(db: Db, now = new Date()): Promise<number> {
  const clock = { now };
  let added = 0;
  const all = await db
    .select({ id: tenants.id, baseUrl: tenants.baseUrl, timeZone: tenants.timeZone })
    .from(tenants)
    .where(sql`EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = ${tenants.id} AND NOT u.disabled)`);
  for (const tenant of all) {
    const parts: [string, () => Promise<number>][] = [
      ["attention", () => attention(db, tenant, clock)],
      ["webhooks", () => webhooks(db, tenant.id, clock)],
      ["forwarding", () => forwarding(db, tenant.id, clock)],
      ["reconciliation", () => reconciliation(db, tenant)],
      ["weekly_summary", () => weeklySummary(db, tenant, clock)],
    ];
    for (const [name, part] of parts) {
      try {
        added += await part();
      } catch (error) {
        // one tenant's or category's failure leaves the rest of the sweep alone
        log.error({ err: errorText(error), tenant_id: tenant.id, category: name }, "a notification sweep step failed");
      }
    }
  }
  await requeueDigests(db);
  return added;
}

/** Queues the sweep unless one is queued (every instance asks at start; one job exists). */
export function scheduleSweep(db: Db, at: Date | null = null): Promise<void> {
  return enqueueOnce(db, { kind: SWEEP_JOB, dedupeKey: SWEEP_KEY, runAt: at });
}

export const sweep: JobHandler = async (db) => {
  const added = await sweepNotifications(db);
  if (added > 0) log.info({ added }, "notifications added");
  // the next sweep is queued as this one is recorded done
  return { outcome: "done", record: (tx) => scheduleSweep(tx, new Date(Date.now() + env().notificationsSweepMs)) };
};
