import "server-only";
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { scenarioRuns } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import { enqueue } from "@/lib/dashboard/jobs/queue";
import { wakeJobRunner } from "@/lib/dashboard/jobs/runner";
import type { CurrentUser } from "@/lib/dashboard/auth/current-user";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { isSandboxTenant } from "@/lib/dashboard/simulator/simulator";
import {
  type ResolvedStep,
  type RunStatus,
  type RunStep,
  type ScenarioRun,
  type ScenarioRunCreate,
} from "@/lib/dashboard/contract/scenarios-api";
import { builtInScenarios } from "./built-ins";
import { resolveScenario } from "./resolve";

// Runs of scenarios: started by the API (or the panel, through it), a row each, carried out step
// by step by `scenario-step` jobs (run-job.ts), read back whole. A tenant runs at most
// RUNS_PER_TENANT at once: one more is 429, so that no tenant fills the job queue all share.

/** Scenario runs of one tenant under way at once. */
export const RUNS_PER_TENANT = 3;

export type RunRow = typeof scenarioRuns.$inferSelect;

/** The run as the API shows it. */
export function runView(row: RunRow): ScenarioRun {
  return {
    id: row.id,
    scenario: row.scenario,
    document_name: row.documentName,
    status: row.status as RunStatus,
    exchange_id: row.exchangeId,
    order_id: row.orderId,
    steps: row.steps as RunStep[],
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** Starts a run of a built-in scenario, or of `input.document` under the name `custom`. */
export async function startRun(db: Db, tenant: Tenant, user: CurrentUser, name: string, input: ScenarioRunCreate): Promise<ScenarioRun> {
  if (!isSandboxTenant(tenant)) {
    const message = "Scenarios run only while the tenant's upstream is this app's sandbox; this tenant's upstream is another service";
    throw new ApiError("conflict", message, [{ path: "tenant", message }]);
  }
  const builtIn = builtInScenarios.find((scenario) => scenario.name === name);
  if (name === "custom" && !input.document) {
    throw new ApiError("invalid_request", "A custom run needs its document", [{ path: "document", message: "Required for custom" }]);
  }
  if (builtIn && input.document) {
    throw new ApiError("invalid_request", "A built-in scenario takes no document", [{ path: "document", message: "Only for custom" }]);
  }
  const document = builtIn ?? input.document;
  if (!document) throw new ApiError("not_found", `No scenario named ${name}`);
  const plan: ResolvedStep[] = resolveScenario(document, input.set);
  const row = {
    id: randomUUID(),
    tenantId: tenant.id,
    scenario: name,
    documentName: builtIn ? null : document.name,
    plan,
    steps: plan.map((step): RunStep => ({ name: step.name, kind: step.kind, status: "pending" })),
    status: "running",
    orderId: null,
    exchangeId: null,
    context: {},
    startedBy: user.id,
    startedByEmail: user.email,
    apiKeyPrefix: user.apiKey?.prefix ?? null,
    createdAt: new Date(),
    finishedAt: null,
  } satisfies RunRow;
  await db.transaction(async (tx) => {
    // one tenant's starts one at a time, so that two cannot both take its last place
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`scenario-runs:${tenant.id}`}))`);
    const [running] = await tx
      .select({ n: count() })
      .from(scenarioRuns)
      .where(and(eq(scenarioRuns.tenantId, tenant.id), eq(scenarioRuns.status, "running")));
    if ((running?.n ?? 0) >= RUNS_PER_TENANT) {
      const message = `At most ${RUNS_PER_TENANT} scenario runs of a tenant run at once: wait for one to end`;
      throw new ApiError("rate_limited", message, [{ path: "scenario", message, code: "too_big", maximum: RUNS_PER_TENANT }], {
        "Retry-After": "5",
      });
    }
    await tx.insert(scenarioRuns).values(row);
    await enqueue(tx, { kind: "scenario-step", tenantId: tenant.id, subjectId: row.id, payload: { run_id: row.id } });
  });
  wakeJobRunner();
  return runView(row);
}

/** The tenant's run; another tenant's, or none, is 404. */
export async function readRun(db: Db, tenantId: string, id: string): Promise<ScenarioRun> {
  const [row] = await db
    .select()
    .from(scenarioRuns)
    .where(and(eq(scenarioRuns.tenantId, tenantId), eq(scenarioRuns.id, id)));
  if (!row) throw new ApiError("not_found", "No such scenario run");
  return runView(row);
}

/** The tenant's newest runs. */
export async function listRuns(db: Db, tenantId: string, limit: number): Promise<ScenarioRun[]> {
  const rows = await db
    .select()
    .from(scenarioRuns)
    .where(eq(scenarioRuns.tenantId, tenantId))
    .orderBy(desc(scenarioRuns.createdAt))
    .limit(limit);
  return rows.map(runView);
}
