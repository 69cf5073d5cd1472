import "server-only";
import { and, count, desc, eq, gte, ilike, inArray, like, lt, ne, sql, type SQL } from "drizzle-orm";
import { beforeId, pageBefore } from "@/lib/http/cursor";
import type { Db } from "@/lib/db/client";
import { auditLog, exchanges, forwardingEndpoints, orders, tenants, users } from "@/lib/db/schema";
import type { AuditEntry, AuditPage, AuditQuery } from "@/lib/dashboard/contract/dashboard-api";
import { auditActions, isAuditAction, splitTarget, type AuditTargetKind } from "@/lib/dashboard/contract/audit-actions";
import { dayIn } from "@/lib/dashboard/lists/date-range";
import { dayRange } from "./day-range";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Counted exactly up to here; past it, "10 000+". */
export const COUNT_CAP = 10_000;

type Filters = Omit<AuditQuery, "before" | "limit">;
export type AuditRow = typeof auditLog.$inferSelect;

/** The conditions of a tenant's (null: every tenant's) entries that match the filters, days in `timeZone`. */
export function auditConditions(tenantId: string | null, query: Filters, timeZone: string, now = new Date()): SQL | undefined {
  const filters: (SQL | undefined)[] = [tenantId ? eq(auditLog.tenantId, tenantId) : undefined];
  if (query.action) {
    filters.push(query.action.endsWith(".") ? like(auditLog.action, `${escapeLike(query.action)}%`) : eq(auditLog.action, query.action));
  }
  if (query.result) filters.push(query.result === "ok" ? eq(auditLog.result, "ok") : ne(auditLog.result, "ok"));
  if (query.user) filters.push(ilike(auditLog.userEmail, `%${escapeLike(query.user)}%`));
  if (query.actor)
    filters.push(UUID.test(query.actor) ? eq(auditLog.userId, query.actor) : eq(auditLog.userEmail, query.actor.toLowerCase()));
  const days = dayRange(query, dayIn(timeZone, now));
  // a day's first instant in the time zone, and the next day's
  if (days?.from) filters.push(gte(auditLog.at, sql`(${days.from}::date::timestamp AT TIME ZONE ${timeZone})`));
  if (days?.to) filters.push(lt(auditLog.at, sql`((${days.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`));
  return and(...filters);
}

/**
 * Matching entries, up to COUNT_CAP + 1 read. A filter with an index of its own (a person, an
 * action, failures, days) reads that index alone; otherwise the count goes in the list's order, so that
 * it walks the list's index and stops at the cap rather than reading the table.
 */
async function countAudit(db: Db, where: SQL | undefined, selective: boolean) {
  const matching = db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(where);
  const capped = (selective ? matching : matching.orderBy(desc(auditLog.id))).limit(COUNT_CAP + 1).as("capped");
  const [row] = await db.select({ n: count() }).from(capped);
  const n = Number(row?.n ?? 0);
  return { count: Math.min(n, COUNT_CAP), more: n > COUNT_CAP };
}

/** Rows below `before`, newest first. */
export function auditRows(db: Db, where: SQL | undefined, before: number | null | undefined, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(where, beforeId(auditLog.id, before)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

const isSelective = (query: Filters) =>
  Boolean(
    query.actor || (query.action && !query.action.endsWith(".")) || query.result === "failed" || query.range || query.from || query.to,
  );

// GET /api/audit – a tenant's audit log (null: every tenant's and the console's), newest first
export async function listAudit(db: Db, tenantId: string | null, query: AuditQuery, timeZone = "UTC"): Promise<AuditPage> {
  const where = auditConditions(tenantId, query, timeZone);
  const [rows, total] = await Promise.all([
    auditRows(db, where, query.before, query.limit + 1),
    query.before ? Promise.resolve(null) : countAudit(db, where, isSelective(query)),
  ]);
  const { page, next_before } = pageBefore(rows, query.limit);
  return { data: await describeTargets(db, tenantId, page), next_before, total } satisfies AuditPage;
}

const kindOf = (action: string): AuditTargetKind => (isAuditAction(action) ? auditActions[action].target : "text");

/** The rows as the API answers them, each target looked up (by primary key) to know whether it still exists. */
export async function describeTargets(db: Db, tenantId: string | null, rows: AuditRow[]): Promise<AuditEntry[]> {
  const idsOf = (kinds: AuditTargetKind[]) => [
    ...new Set(
      rows.flatMap((r) => {
        const { id, isUuid } = splitTarget(r.target);
        return isUuid && id && kinds.includes(kindOf(r.action)) ? [id] : [];
      }),
    ),
  ];
  const lookup = async (ids: string[], read: (ids: string[]) => Promise<{ id: string; name?: string | null }[]>) =>
    new Map(ids.length ? (await read(ids)).map((r) => [r.id, r.name ?? null]) : []);
  const [orderIds, exchangeIds, memberIds, tenantIds, endpointIds] = [
    idsOf(["order"]),
    idsOf(["exchange"]),
    idsOf(["member"]),
    idsOf(["tenant"]),
    idsOf(["endpoint"]),
  ];
  const [known, knownExchanges, members, knownTenants, endpoints] = await Promise.all([
    lookup(orderIds, (ids) => db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids))),
    lookup(exchangeIds, (ids) =>
      db
        .select({ id: exchanges.id })
        .from(exchanges)
        .where(and(tenantId ? eq(exchanges.tenantId, tenantId) : undefined, inArray(exchanges.id, ids))),
    ),
    lookup(memberIds, (ids) => db.select({ id: users.id, name: users.email }).from(users).where(inArray(users.id, ids))),
    lookup(tenantIds, (ids) => db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(inArray(tenants.id, ids))),
    lookup(endpointIds, (ids) =>
      db.select({ id: forwardingEndpoints.id }).from(forwardingEndpoints).where(inArray(forwardingEndpoints.id, ids)),
    ),
  ]);
  const maps: Partial<Record<AuditTargetKind, Map<string, string | null>>> = {
    order: known,
    exchange: knownExchanges,
    member: members,
    tenant: knownTenants,
    endpoint: endpoints,
  };
  return rows.map((r) => {
    const kind = kindOf(r.action);
    const { id, isUuid } = splitTarget(r.target);
    const map = maps[kind];
    const exists = map ? (isUuid && id ? map.has(id) : false) : null;
    return {
      id: r.id,
      at: r.at.toISOString(),
      tenant_id: r.tenantId,
      user_id: r.userId,
      user: r.userEmail,
      api_key: r.apiKeyPrefix,
      action: r.action,
      target: r.target,
      result: r.result,
      request_id: r.requestId,
      target_kind: kind,
      target_exists: exists,
      target_name: (exists && id && map?.get(id)) || null,
    };
  });
}
