import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { forwardingAttempts, jobs } from "@/lib/db/schema";
import { TEST_EVENT_TYPE, type Delivery, type DeliveryListQuery } from "@/lib/dashboard/contract/forwarding-api";
import { sortColumns } from "@/lib/dashboard/contract/lists-api";
import { cappedCount, inRange, key, keysetRows, rangeAndSort, type SortKey } from "@/lib/dashboard/lists/keyset";
import { ApiError } from "@/lib/errors";
import { attemptView } from "@/lib/service-api/delivery-attempt";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { enqueueAndRun, runJobNow, wakeJobRunner } from "@/lib/dashboard/jobs/runner";
import { endpointRow } from "./endpoints";
import { FORWARD, webhookIdOf } from "./deliver";

// An endpoint's deliveries (the jobs of kind "forward" about it) with each attempt, and what an
// admin does with them: resend one, recover every failed one since a time, send a test event.

type JobRow = typeof jobs.$inferSelect;

const statusOf = (job: JobRow): Delivery["status"] =>
  job.status === "done" ? "delivered" : job.status === "failed" ? "failed" : "pending";

async function views(db: Db, rows: JobRow[]): Promise<Delivery[]> {
  const attempts = rows.length
    ? await db
        .select()
        .from(forwardingAttempts)
        .where(
          inArray(
            forwardingAttempts.jobId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(forwardingAttempts.jobId, forwardingAttempts.attempt)
    : [];
  return rows.map((job) => {
    const payload = job.payload as { seq?: number; event_type?: string };
    return {
      id: job.id,
      webhook_id: webhookIdOf(job.id),
      event_type: payload.event_type ?? "unknown",
      event_seq: typeof payload.seq === "number" ? payload.seq : null,
      status: statusOf(job),
      attempts: job.attempts,
      next_attempt_at: job.status === "pending" ? job.runAt.toISOString() : null,
      last_error: job.lastError,
      created_at: job.createdAt.toISOString(),
      attempt_log: attempts.filter((a) => a.jobId === job.id).map((a) => ({ ...attemptView(a), response_body: a.responseBody })),
    };
  });
}

const jobStatus = { pending: "pending", delivered: "done", failed: "failed" } as const;

/** What each sort orders by (the raw job status for its state), then the id: the columns of an index of jobs. */
const deliverySortKeys: Record<(typeof sortColumns.deliveries)[number], SortKey[]> = {
  created: [key(jobs.createdAt, "timestamptz"), key(jobs.id, "uuid")],
  state: [key(jobs.status, "text"), key(jobs.createdAt, "timestamptz"), key(jobs.id, "uuid")],
};

/** Newest first unless sorted otherwise; `before` is the previous page's next_before (a cursor of the same sort). */
export async function listDeliveries(
  db: Db,
  tenant: Tenant,
  endpointId: string,
  query: Partial<DeliveryListQuery>,
): Promise<{ data: Delivery[]; next_before: string | null; total: number; total_exact: boolean }> {
  const endpoint = await endpointRow(db, tenant, endpointId);
  const limit = query.limit ?? 25;
  const { range, sort } = rangeAndSort(query, sortColumns.deliveries, tenant.timeZone);
  const keys = deliverySortKeys[sort.column];
  const matching = and(
    eq(jobs.subjectId, endpoint.id),
    eq(jobs.kind, FORWARD),
    query.status ? eq(jobs.status, jobStatus[query.status]) : undefined,
    inRange(jobs.createdAt, range),
  );
  const [{ rows, next_cursor }, total] = await Promise.all([
    keysetRows(db, { from: jobs, where: matching, keys, sort, cursor: query.before, limit }),
    cappedCount(db, { from: jobs, where: matching }),
  ]);
  return { data: await views(db, rows), next_before: next_cursor, ...total };
}

async function deliveryRow(db: Db, tenant: Tenant, id: string): Promise<JobRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ApiError("not_found", "No such delivery");
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.kind, FORWARD), eq(jobs.tenantId, tenant.id)));
  if (!row) throw new ApiError("not_found", "No such delivery");
  return row;
}

/** One more attempt of a delivery, now, whatever its status; answers it after that attempt. */
export async function resendDelivery(db: Db, tenant: Tenant, id: string): Promise<Delivery> {
  const row = await deliveryRow(db, tenant, id);
  await endpointRow(db, tenant, row.subjectId ?? "");
  // claimed and run here in one go: the background loop cannot take it in between
  if (!(await runJobNow(db, row.id))) throw new ApiError("conflict", "The delivery is being attempted right now; try again once it ends");
  const [after] = await views(db, [await deliveryRow(db, tenant, id)]);
  if (!after) throw new ApiError("not_found", "No such delivery");
  return after;
}

/** Every delivery of the endpoint that failed for good since `since` is due again now (one more attempt each). */
export async function recoverDeliveries(db: Db, tenant: Tenant, endpointId: string, since: Date): Promise<number> {
  const endpoint = await endpointRow(db, tenant, endpointId);
  const recovered = await db
    .update(jobs)
    .set({ status: "pending", runAt: sql`now()`, finishedAt: null })
    .where(and(eq(jobs.subjectId, endpoint.id), eq(jobs.kind, FORWARD), eq(jobs.status, "failed"), gte(jobs.createdAt, since)))
    .returning({ id: jobs.id });
  if (recovered.length > 0) wakeJobRunner();
  return recovered.length;
}

/** Sends a test event (its own type) to the endpoint now; answers the delivery after its first attempt. */
export async function sendTestEvent(db: Db, tenant: Tenant, endpointId: string): Promise<Delivery> {
  const endpoint = await endpointRow(db, tenant, endpointId);
  const id = randomUUID();
  const now = new Date();
  const body = JSON.stringify({
    event: TEST_EVENT_TYPE,
    payload: { endpoint_id: endpoint.id, tenant_id: tenant.id, sent_at: now.toISOString() },
  });
  await enqueueAndRun(db, {
    id,
    kind: FORWARD,
    tenantId: tenant.id,
    subjectId: endpoint.id,
    payload: { event_type: TEST_EVENT_TYPE, test_body: body },
  });
  const [delivery] = await views(db, [await deliveryRow(db, tenant, id)]);
  if (!delivery) throw new ApiError("not_found", "No such delivery");
  return delivery;
}
