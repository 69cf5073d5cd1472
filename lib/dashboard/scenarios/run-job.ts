import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { scenarioRuns } from "@/lib/db/schema";
import { errorText } from "@/lib/log";
import { UpstreamError } from "@/lib/service-api/client";
import { CHANNEL } from "@/lib/dashboard/events/event-store";
import { publish } from "@/lib/dashboard/events/bus";
import { enqueue } from "@/lib/dashboard/jobs/queue";
import type { JobHandler } from "@/lib/dashboard/jobs/runner";
import { tenantById } from "@/lib/dashboard/auth/tenants";
import type { BusSignal } from "@/lib/dashboard/contract/dashboard-api";
import { resolvedStepSchema, type RunStatus, type RunStep } from "@/lib/dashboard/contract/scenarios-api";
import { exchangeOf, runStep, type RunState } from "./run-step";
import { lookForEvents } from "./wait-for-event";
import { StepFailed } from "./step-failed";

// A run is carried out one step per job of the durable queue (`scenario-step`): each job does the
// first step not yet done and, in the transaction that records it, queues the job of the next.
// A wait for a webhook holds no place of the queue: its job looks at the store and, short of the
// events, goes back to the queue until a notice wakes it (wait-for-event.ts). A run whose
// instance stops goes on elsewhere from the step it was at: a step cut off is done again.

type Row = typeof scenarioRuns.$inferSelect;

const signal = (row: Pick<Row, "id" | "tenantId">, status: RunStatus): BusSignal => ({
  kind: "scenario_run",
  tenant_id: row.tenantId,
  id: row.id,
  status,
});

/** NOTIFY in the caller's transaction: the panel hears of the change once it is committed. */
const notifyIn = (tx: Db, row: Row, status: RunStatus) =>
  tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(signal(row, status))})`);

/** A failed step's error in English, and its figures for the panel to say in its reader's language. */
function describe(error: unknown): Pick<RunStep, "error" | "failure"> {
  if (error instanceof UpstreamError) {
    // a client's own clock is moved under its client_id, a credential the run must not show
    const path = error.path.replace(/\/clients\/[^/]+/, "/clients/{client_id}");
    return {
      error: `${error.method} ${path} answered ${error.status} ${error.code}`,
      failure: { code: "upstream_refused", method: error.method, path, status: error.status, error: error.code },
    };
  }
  if (error instanceof StepFailed) return { error: error.message, failure: error.failure };
  return { error: errorText(error).slice(0, 500) };
}

/** A wait's end: its timeout after the step began (a wait goes on over several runs of its job). */
const DEFAULT_WAIT_SECONDS = 30;

export const runScenarioStep: JobHandler = async (db, job) => {
  const [row] = await db
    .select()
    .from(scenarioRuns)
    .where(eq(scenarioRuns.id, String(job.payload.run_id)));
  if (!row || row.status !== "running") return { outcome: "done" };
  const steps = row.steps as RunStep[];
  const index = steps.findIndex((step) => step.status !== "succeeded");
  const planned = z.safeParse(resolvedStepSchema, (row.plan as unknown[])[index]);
  const tenant = await tenantById(db, row.tenantId);
  if (index < 0 || !planned.success || !tenant) return { outcome: "failed", error: "the run's plan or tenant is gone" };

  // a wait already under way goes on from when it began
  const current = steps[index];
  const goingOn = current?.status === "running" && current.started_at !== undefined;
  const startedAt = goingOn && current.started_at ? current.started_at : new Date().toISOString();
  const running = steps.map((step, i) =>
    i === index ? { name: step.name, kind: step.kind, status: "running" as const, started_at: startedAt } : step,
  );
  if (!goingOn) {
    await db.update(scenarioRuns).set({ steps: running }).where(eq(scenarioRuns.id, row.id));
    await publish(signal(row, "running"));
  }

  const state: RunState = { orderId: row.orderId, exchangeId: row.exchangeId, context: row.context };
  let done: RunStep;
  let next = state;
  try {
    const step = planned.data;
    if (step.kind === "wait_for_event") {
      const timeoutSeconds = step.timeout_seconds ?? DEFAULT_WAIT_SECONDS;
      const looked = await lookForEvents(db, job.id, {
        tenantId: tenant.id,
        exchangeId: exchangeOf(state),
        event: step.event,
        count: step.count ?? 1,
        deadline: new Date(Date.parse(startedAt) + timeoutSeconds * 1000),
        timeoutSeconds,
      });
      // short of the events: the job goes back to the queue, holding no place, until woken
      if ("at" in looked) return { outcome: "later", at: looked.at, afterRecord: looked.afterRecord };
      done = { ...running[index], status: "succeeded", result: { event: step.event, seqs: looked.seqs }, finished_at: now() } as RunStep;
    } else {
      const outcome = await runStep(db, tenant, row.startedBy, step, state);
      next = outcome.state;
      done = { ...running[index], status: "succeeded", result: outcome.result, finished_at: now() } as RunStep;
    }
  } catch (error) {
    done = { ...running[index], status: "failed", ...describe(error), finished_at: now() } as RunStep;
  }
  const finalSteps = running.map((step, i) => (i === index ? done : step));
  const last = index === steps.length - 1;
  const status: RunStatus = done.status === "failed" ? "failed" : last ? "succeeded" : "running";
  return {
    outcome: "done",
    record: async (tx) => {
      await tx
        .update(scenarioRuns)
        .set({
          steps: finalSteps,
          status,
          orderId: next.orderId,
          exchangeId: next.exchangeId,
          context: next.context,
          finishedAt: status === "running" ? null : new Date(),
        })
        .where(eq(scenarioRuns.id, row.id));
      if (status === "running")
        await enqueue(tx, { kind: "scenario-step", tenantId: row.tenantId, subjectId: row.id, payload: { run_id: row.id } });
      await notifyIn(tx, row, status);
    },
  };
};

const now = () => new Date().toISOString();
