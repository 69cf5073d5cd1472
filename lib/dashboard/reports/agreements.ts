import "server-only";
import { invalidate } from "@/lib/db/cache-bus";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { affiliateLabels, affiliateSharePeriods, exchangeRollups } from "@/lib/db/schema";
import { affiliates } from "@/lib/dashboard/settings/settings";
import type { Agreement, AgreementBody, SharePeriod } from "@/lib/dashboard/contract/reports-api";
import { todayIn } from "./periods";

// A tenant's affiliate agreements: the label (affiliate_labels) and the share of the fee from a
// day on (affiliate_share_periods). GET/PUT /api/agreements, PUT /api/agreements/{affiliate_id}.

/** The share on a day: the latest period that started on or before it; null before the first. */
export function shareOn(periods: SharePeriod[], day: string): number | null {
  let share: number | null = null;
  for (const p of [...periods].sort((a, b) => a.from.localeCompare(b.from))) if (p.from <= day) share = p.share_percent;
  return share;
}

/**
 * Every agreement the tenant's orders or exchanges carry, labelled or given shares; most used first.
 * `now` is the service's clock (exchanges are dated by it), which decides today's share.
 */
export async function listAgreements(db: Db, tenantId: string, timeZone: string, now: Date): Promise<Agreement[]> {
  const seen = await affiliates(db, tenantId);
  const periods = await db
    .select()
    .from(affiliateSharePeriods)
    .where(eq(affiliateSharePeriods.tenantId, tenantId))
    .orderBy(asc(affiliateSharePeriods.startsOn));
  // exchanges keep the agreement of their execution, which no order may carry any more
  const recorded = await db
    .selectDistinct({ affiliateId: exchangeRollups.affiliate })
    .from(exchangeRollups)
    .where(and(eq(exchangeRollups.tenantId, tenantId), eq(exchangeRollups.recorded, true)));
  const ids = [...seen.map((a) => a.affiliate_id), ...recorded.map((r) => r.affiliateId), ...periods.map((p) => p.affiliateId)].filter(
    (id, i, all) => all.indexOf(id) === i,
  );
  const today = todayIn(timeZone, now);
  return ids.map((id) => {
    const own = periods.filter((p) => p.affiliateId === id).map((p) => ({ from: p.startsOn, share_percent: Number(p.sharePercent) }));
    const usage = seen.find((a) => a.affiliate_id === id);
    return {
      affiliate_id: id,
      label: usage?.label ?? null,
      periods: own,
      share_percent_today: shareOn(own, today),
      orders: usage?.orders ?? 0,
      last_used_at: usage?.last_used_at ?? null,
    } satisfies Agreement;
  });
}

/** Replaces one agreement's label and periods. */
export async function putAgreement(db: Db, tenantId: string, affiliateId: string, body: AgreementBody) {
  await db.transaction(async (tx) => {
    await tx
      .insert(affiliateLabels)
      .values({ tenantId, affiliateId, label: body.label, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [affiliateLabels.tenantId, affiliateLabels.affiliateId],
        set: { label: body.label, updatedAt: new Date() },
      });
    await tx
      .delete(affiliateSharePeriods)
      .where(and(eq(affiliateSharePeriods.tenantId, tenantId), eq(affiliateSharePeriods.affiliateId, affiliateId)));
    if (body.periods.length > 0) {
      await tx
        .insert(affiliateSharePeriods)
        .values(body.periods.map((p) => ({ tenantId, affiliateId, startsOn: p.from, sharePercent: p.share_percent.toFixed(4) })));
    }
  });
  // earnings are recounted: the overview's reconciliation (lib/dashboard/overview/overview-cache.ts) may change
  await invalidate(db, { cache: "overview", tenant_id: tenantId });
}

/** Replaces every agreement's configuration: the ones left out lose their label and periods. */
export async function putAgreements(db: Db, tenantId: string, list: (AgreementBody & { affiliate_id: string })[]) {
  await db.transaction(async (tx) => {
    await tx.delete(affiliateSharePeriods).where(eq(affiliateSharePeriods.tenantId, tenantId));
    await tx.delete(affiliateLabels).where(eq(affiliateLabels.tenantId, tenantId));
    if (list.length === 0) return;
    const now = new Date();
    await tx
      .insert(affiliateLabels)
      .values(list.map((a) => ({ tenantId, affiliateId: a.affiliate_id.toLowerCase(), label: a.label, updatedAt: now })));
    const rows = list.flatMap((a) =>
      a.periods.map((p) => ({
        tenantId,
        affiliateId: a.affiliate_id.toLowerCase(),
        startsOn: p.from,
        sharePercent: p.share_percent.toFixed(4),
      })),
    );
    if (rows.length > 0) await tx.insert(affiliateSharePeriods).values(rows);
  });
  await invalidate(db, { cache: "overview", tenant_id: tenantId });
}

/** The labels of some agreements. */
export async function labelsOf(db: Db, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(affiliateLabels)
    .where(and(eq(affiliateLabels.tenantId, tenantId), inArray(affiliateLabels.affiliateId, ids)));
  return new Map(rows.map((r) => [r.affiliateId, r.label]));
}
