import { beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { openMemoryDatabase } from "@/lib/db/memory-database";
import { jobs } from "@/lib/db/schema";
import { claimDue, enqueueMany, enqueueRowsSql, finishRecording, JOB_KINDS } from "@/lib/dashboard/jobs/queue";
import { runDueJobs, setJobHandlers } from "@/lib/dashboard/jobs/runner";
import { jobHandlers, jobRegistry } from "./job-registry";

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "job-registry-test-"));

let db: Db;
beforeAll(async () => {
  ({ db } = await openMemoryDatabase());
  setJobHandlers(jobHandlers);
}, 60_000);

describe("the job registry", () => {
  it("names a handler for every kind of job, and no other; the recurring ones say how they are queued", () => {
    expect(Object.keys(jobRegistry).sort()).toEqual([...JOB_KINDS].sort());
    for (const entry of Object.values(jobRegistry)) expect(entry.run).toBeTypeOf("function");
    const recurring = Object.entries(jobRegistry).filter(([, entry]) => entry.schedule);
    expect(recurring.map(([kind]) => kind).sort()).toEqual(["notifications-sweep", "payment-hash-backfill", "retention"]);
    expect(Object.keys(jobHandlers).sort()).toEqual([...JOB_KINDS].sort());
  });

  it("queues jobs in one statement, claims them as rows of the schema, and fails a kind no handler knows", async () => {
    const [known, unknown] = await enqueueMany(db, [
      { kind: "forward", tenantId: null, payload: { seq: 1 }, runAt: new Date(Date.now() + 3_600_000) },
      { kind: "mail", tenantId: null, payload: {} },
    ]);
    // a kind queued by a newer version of the app, say
    await db
      .update(jobs)
      .set({ kind: "from-the-future" })
      .where(eq(jobs.id, unknown ?? ""));
    const claimed = await claimDue(db, 10, 1_000);
    expect(claimed.map((job) => job.id)).toEqual([unknown]);
    expect(claimed[0]?.lockedUntil).toBeInstanceOf(Date);
    expect(claimed[0]?.payload).toEqual({});
    // the claim held; once it lapses the runner takes it and fails it, naming the kind
    await db
      .update(jobs)
      .set({ lockedUntil: null })
      .where(eq(jobs.id, unknown ?? ""));
    expect(await runDueJobs(db)).toBe(1);
    const [row] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.id, unknown ?? ""));
    expect([row?.status, row?.lastError]).toEqual(["failed", "no handler for jobs of kind from-the-future"]);
    const [later] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.id, known ?? ""));
    expect([later?.status, later?.lockedUntil]).toEqual(["pending", null]);
  });

  it("records an outcome and the run's own record in one statement, only while the claim holds", async () => {
    const [first, second] = await enqueueMany(db, [
      { kind: "retention", tenantId: null, payload: { n: 1 } },
      { kind: "retention", tenantId: null, payload: { n: 2 } },
    ]);
    const claimed = await claimDue(db, 10, 60_000);
    const [mine, lapsed] = [claimed.find((j) => j.id === first), claimed.find((j) => j.id === second)];
    // the record: a follow-up job per held row
    const followUp = (held: ReturnType<typeof sql.raw>) =>
      enqueueRowsSql("mail", sql`SELECT NULL::uuid AS tenant_id, id AS subject_id, '{}'::jsonb AS payload FROM ${held}`);
    expect(mine && (await finishRecording(db, mine, { outcome: "done" }, followUp))).toBe(true);
    // another instance took the second over meanwhile: its claim no longer holds, nothing is written
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() + 120_000) })
      .where(eq(jobs.id, second ?? ""));
    expect(lapsed && (await finishRecording(db, lapsed, { outcome: "done" }, followUp))).toBe(false);
    const followUps = await db.select().from(jobs).where(eq(jobs.kind, "mail"));
    expect(followUps.map((j) => j.subjectId)).toContain(first);
    expect(followUps.map((j) => j.subjectId)).not.toContain(second);
    const [done] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.id, first ?? ""));
    expect([done?.status, done?.attempts, done?.lockedUntil]).toEqual(["done", 1, null]);
  });
});
