import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { openMemoryDatabase, insertTestTenant } from "@/lib/db/memory-database";
import * as schema from "@/lib/db/schema";
import { sweepNotifications, lastWeekOf } from "./sweep";
import { DIGEST_JOB } from "./notify";
import { setPreferences } from "./preferences";
import { runDueJobs, setJobHandlers } from "@/lib/dashboard/jobs/runner";
import { jobHandlers } from "@/lib/dashboard/lifecycle/job-registry";

// secrets this process would generate (unsubscribe tokens are signed) go to a scratch directory
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "notify-test-"));

// Notifications are made once per exchange and reason, whatever the number of sweeps (or
// webhooks) that see it; each user's mail of a category waits in one digest job.

let db: Db;
beforeAll(async () => {
  // the jobs run here: the digest, and the mail it queues (kept: no SMTP_URL)
  setJobHandlers(jobHandlers);
  ({ db } = await openMemoryDatabase());
}, 60_000);

const MIN = 60_000;

async function tenantWithTeam() {
  const tenantId = randomUUID();
  await insertTestTenant(db, tenantId, `http://notify-${tenantId}.test`);
  const user = (role: string, email: string) => ({
    id: randomUUID(),
    email,
    passwordHash: "x",
    role,
    tenantId,
    disabled: false,
    createdAt: new Date(),
    passwordSetAt: new Date(),
  });
  const admin = user("admin", `admin-${tenantId}@example.com`);
  const viewer = user("viewer", `viewer-${tenantId}@example.com`);
  const quiet = user("viewer", `quiet-${tenantId}@example.com`);
  const invited = { ...user("viewer", `invited-${tenantId}@example.com`), passwordSetAt: null };
  await db.insert(schema.users).values([admin, viewer, quiet, invited]);
  await setPreferences(db, quiet.id, { attention: "none" });
  await setPreferences(db, viewer.id, { attention: "in_app" });
  return { tenantId, admin, viewer, quiet, invited };
}

/** An exchange executed at `executedAt` whose payout waits for the end user, and no webhook stored for it. */
async function unclaimedExchange(tenantId: string, executedAt: Date) {
  const id = randomUUID();
  await db.insert(schema.exchanges).values({
    id,
    tenantId,
    orderId: randomUUID(),
    state: "executed",
    firstSeenAt: executedAt,
    executedAt,
    snapshot: {
      id,
      state: "executed",
      executed_on: executedAt.toISOString(),
      action: { code: "initiate_payout" },
      payout: { status: "none" },
    } as never,
  });
  return id;
}

describe("notifications of exchanges that need attention", () => {
  it("one per exchange and reason over an hour of sweeps, mailed in one digest per user", async () => {
    const team = await tenantWithTeam();
    const t0 = new Date();
    const exchange = await unclaimedExchange(team.tenantId, t0);
    // minute 0 to 50: only the webhook is missing; from minute 61 the payout is unclaimed as well
    for (const minutes of [0, 10, 30, 50, 61, 75, 90]) await sweepNotifications(db, new Date(t0.getTime() + minutes * MIN));

    const rows = await db.select().from(schema.notifications).where(eq(schema.notifications.tenantId, team.tenantId));
    const attention = rows.filter((n) => n.category === "attention");
    const byUser = (id: string) =>
      attention
        .filter((n) => n.userId === id)
        .map((n) => n.kind)
        .sort();
    expect(byUser(team.admin.id)).toEqual(["attention_payout_unclaimed", "attention_webhook_missing"]);
    expect(byUser(team.viewer.id)).toEqual(["attention_payout_unclaimed", "attention_webhook_missing"]);
    // who chose neither, and who has not joined yet, hear nothing
    expect(byUser(team.quiet.id)).toEqual([]);
    expect(byUser(team.invited.id)).toEqual([]);
    expect(attention.every((n) => n.link === `/exchanges/${exchange}` && n.params.exchange === exchange.slice(0, 8))).toBe(true);
    // email for the admin (both wait for one mail), the bell only for the viewer
    expect(attention.filter((n) => n.userId === team.admin.id).map((n) => n.mailStatus)).toEqual(["pending", "pending"]);
    expect(attention.filter((n) => n.userId === team.viewer.id).map((n) => n.mailStatus)).toEqual([null, null]);

    const digests = await db
      .select()
      .from(schema.jobs)
      .where(and(eq(schema.jobs.kind, DIGEST_JOB), eq(schema.jobs.tenantId, team.tenantId)));
    expect(digests.map((j) => [j.subjectId, j.status, j.payload.category])).toEqual([[team.admin.id, "pending", "attention"]]);

    // the digest runs: one mail with both, then it waits 15 minutes for whatever comes next
    await runDueJobs(db);
    const mails = () =>
      db
        .select()
        .from(schema.mailMessages)
        .where(and(eq(schema.mailMessages.userId, team.admin.id), eq(schema.mailMessages.category, "notification:attention")));
    const [mail, ...others] = await mails();
    expect(others).toEqual([]);
    expect(mail?.status).toBe("caught");
    expect(mail?.toAddress).toBe(team.admin.email);
    expect(mail?.subject).toBe("Exchanges that need attention: 2 new notifications");
    expect(mail?.textBody).toContain(`Exchange ${exchange.slice(0, 8)}: its payout has not been claimed for more than an hour`);
    expect(mail?.textBody).toContain(`Exchange ${exchange.slice(0, 8)}: its latest state came without its webhook`);
    expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // a third reason within the window: noted, and held for the next mail
    const second = await unclaimedExchange(team.tenantId, new Date(t0.getTime() - 2 * 3_600_000));
    await sweepNotifications(db, new Date(t0.getTime() + 100 * MIN));
    await runDueJobs(db);
    expect(await mails()).toHaveLength(1);
    const waiting = await db
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.userId, team.admin.id), eq(schema.notifications.mailStatus, "pending")));
    expect(waiting.map((n) => n.link)).toEqual([`/exchanges/${second}`]);
    const [held] = await db
      .select()
      .from(schema.jobs)
      .where(and(eq(schema.jobs.kind, DIGEST_JOB), eq(schema.jobs.subjectId, team.admin.id), eq(schema.jobs.status, "pending")));
    expect(held?.runAt.getTime()).toBeGreaterThanOrEqual((mail?.createdAt.getTime() ?? 0) + 15 * MIN - 1_000);
  }, 20_000); // an hour of sweeps on PGlite: 4–5 s here, more on a busy machine

  it("sums up last week per agreement once, and says nothing of an agreement without exchanges", async () => {
    const team = await tenantWithTeam();
    const busy = randomUUID();
    const idle = randomUUID();
    await db.insert(schema.affiliateSharePeriods).values([
      { tenantId: team.tenantId, affiliateId: busy, startsOn: "2020-01-01", sharePercent: "50" },
      { tenantId: team.tenantId, affiliateId: idle, startsOn: "2020-01-01", sharePercent: "50" },
    ]);
    const now = new Date("2026-11-25T10:00:00Z"); // a Wednesday; last week is 16 to 22 November
    for (const [day, fee] of [
      ["2026-11-17T12:00:00Z", "10.00"],
      ["2026-11-20T12:00:00Z", "5.01"],
      ["2026-11-24T12:00:00Z", "99.00"], // this week: not in last week's summary
    ] as const) {
      const id = randomUUID();
      await db.insert(schema.exchanges).values({
        id,
        tenantId: team.tenantId,
        orderId: randomUUID(),
        state: "settled",
        pair: "btc/eur",
        type: "buy",
        affiliateId: busy,
        firstSeenAt: new Date(day),
        executedAt: new Date(day),
        snapshot: { id, state: "settled", cost: "100.00", fee, amount: "0.001" } as never,
      });
    }
    await sweepNotifications(db, now);
    await sweepNotifications(db, new Date(now.getTime() + 30 * MIN));
    const weekly = (await db.select().from(schema.notifications).where(eq(schema.notifications.tenantId, team.tenantId))).filter(
      (n) => n.category === "weekly_summary" && n.userId === team.admin.id,
    );
    expect(weekly.map((n) => n.params)).toEqual([
      { agreement: busy.slice(0, 8), from: "2026-11-16", to: "2026-11-22", count: 2, earnings: "7.51 EUR" },
    ]);
  });

  it("webhooks silent while exchanges are open, forwarding failing then disabled, a statement paid short: each once", async () => {
    const team = await tenantWithTeam();
    const now = new Date();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    // an open exchange whose last webhook came 7 hours ago (NOTIFY_WEBHOOK_SILENCE_HOURS: 6)
    const open = await unclaimedExchange(team.tenantId, hoursAgo(8));
    await db.insert(schema.webhookEvents).values({
      tenantId: team.tenantId,
      seq: 1,
      bodySha256: randomUUID(),
      rawBody: "{}",
      eventType: "exchange.executed",
      exchangeId: open,
      receivedAt: hoursAgo(7),
    });
    // an endpoint failing for two hours, another disabled after days of failures
    const endpoint = (url: string, failingHours: number, disabled: boolean) => ({
      id: randomUUID(),
      tenantId: team.tenantId,
      url,
      secretEnc: "x",
      enabled: !disabled,
      failingSince: hoursAgo(failingHours),
      disabledAt: disabled ? hoursAgo(1) : null,
      disabledReason: disabled ? "every attempt failed for 5 days" : null,
      createdAt: hoursAgo(200),
      updatedAt: hoursAgo(1),
    });
    await db
      .insert(schema.forwardingEndpoints)
      .values([endpoint("https://a.example/hook", 2, false), endpoint("https://b.example/hook", 120, true)]);
    // a payout received for a month in which nothing was earned: 12.00 EUR more than earned
    const affiliate = randomUUID();
    await db.insert(schema.affiliatePayouts).values({
      id: randomUUID(),
      tenantId: team.tenantId,
      affiliateId: affiliate,
      period: "2026-10",
      receivedOn: "2026-11-03",
      amount: "12.00",
      currency: "eur",
      bankReference: "REF",
      createdAt: now,
    });
    await sweepNotifications(db, now);
    await sweepNotifications(db, new Date(now.getTime() + 10 * MIN));

    const rows = await db.select().from(schema.notifications).where(eq(schema.notifications.userId, team.admin.id));
    const of = (category: string) => rows.filter((n) => n.category === category).map((n) => [n.kind, n.params, n.link]);
    expect(of("webhooks")).toEqual([["webhooks_silent", { hours: 7, open: 1 }, "/events"]]);
    expect(of("forwarding").sort()).toEqual([
      ["forwarding_disabled", { url: "https://b.example/hook" }, "/settings?tab=forwarding"],
      ["forwarding_failing", { url: "https://a.example/hook" }, "/settings?tab=forwarding"],
    ]);
    expect(of("reconciliation")).toEqual([
      [
        "reconciliation_difference",
        { agreement: affiliate.slice(0, 8), period: "2026-10", difference: "12.00 EUR" },
        `/reports/statements/${affiliate}/2026-10`,
      ],
    ]);
    // forwarding is the admins' business: the viewer hears of the rest only
    const viewer = await db.select().from(schema.notifications).where(eq(schema.notifications.userId, team.viewer.id));
    expect(viewer.filter((n) => n.category === "forwarding")).toEqual([]);
    expect(viewer.filter((n) => n.category === "webhooks")).toHaveLength(1);
  });

  it("names last week's Monday to Sunday for the weekly summary", () => {
    expect(lastWeekOf("2026-11-25")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(lastWeekOf("2026-11-23")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(lastWeekOf("2026-11-22")).toEqual({ from: "2026-11-09", to: "2026-11-15" });
  });
});
