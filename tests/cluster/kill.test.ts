import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import pg from "pg";
import { ensureRunning, runningNpm, serverPid, startInstance } from "./instances";
import { follower } from "./follower";
import { balancer, first, postWebhook } from "./urls";
import { DashboardSession } from "../integration/harness/dashboard";
import { eventBody } from "../integration/harness/events";

// Two instances behind nginx, one of them killed with SIGKILL in the middle of a burst of
// webhooks: nothing is lost, the streams it held resume through the balancer, and it rejoins.

// a test file before this one may have stopped an instance
beforeAll(() => ensureRunning(inject("cluster")), 180_000);

describe("an instance killed mid-burst", () => {
  it("loses no webhook, its streams resume through the balancer with nothing missed or repeated, and it rejoins on restart", async () => {
    const session = await DashboardSession.signIn("affiliate@example.com");
    // two browsers whose streams the instance about to be killed holds, and one through the balancer
    const followers = [follower(session.cookieHeader, first()), follower(session.cookieHeader, first()), follower(session.cookieHeader)];
    for (const f of followers) await expect.poll(() => f.seen.some((frame) => frame.comment === "connected")).toBe(true);

    const bodies = Array.from({ length: 120 }, () => eventBody());
    const ids = bodies.map((b) => (JSON.parse(b) as { payload: { exchange_id: string } }).payload.exchange_id);
    const victimPid = serverPid(runningNpm(inject("cluster"), 0) ?? 0);
    let sent = 0;
    let killed = false;
    let refused = 0;
    // the user's stream places, sampled from the kill on: the most ever counted at once
    const db = new pg.Client({ connectionString: inject("databaseUrl") });
    await db.connect();
    let most = 0;
    const places = async () => {
      const { rows } = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM stream_slots WHERE holder = (SELECT 'user:' || id FROM users WHERE email = $1)",
        ["affiliate@example.com"],
      );
      most = Math.max(most, rows[0]?.n ?? 0);
      return rows[0]?.n;
    };
    let sampling: ReturnType<typeof setInterval> | undefined;
    // a sender that sends again what did not get a 2xx, as the service does
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (sent < bodies.length) {
          const body = bodies[sent++] as string;
          while ((await postWebhook(balancer(), body).catch(() => 0)) !== 200) {
            refused++;
            await new Promise((r) => setTimeout(r, 100));
          }
          if (sent >= 40 && !killed) {
            killed = true;
            process.kill(victimPid ?? 0, "SIGKILL");
            sampling = setInterval(() => void places().catch(() => undefined), 200);
          }
        }
      }),
    );
    expect(killed).toBe(true);
    for (const f of followers) {
      await expect.poll(() => new Set(f.webhookIds().filter((id) => ids.includes(id))).size, { timeout: 30_000 }).toBe(ids.length);
    }
    // the places of the streams the dead instance held expire with their lease (three 2-second
    // heartbeats here); the three streams open now, on the live instance, keep theirs
    await expect.poll(places, { timeout: 15_000, interval: 250 }).toBe(followers.length);
    clearInterval(sampling);
    await db.end();
    expect(most, "the dead instance's places were still counted until their lease ran out").toBeGreaterThan(followers.length);
    console.log(`kill -9: the user's stream places peaked at ${most} and were back to ${followers.length} within the lease`);
    await Promise.all(followers.map((f) => f.stop()));
    for (const f of followers) {
      const mine = f.webhookIds().filter((id) => ids.includes(id));
      expect(mine.length, "each event once, also across a reconnect").toBe(ids.length);
    }
    expect(followers[0]?.reconnects()).toBeGreaterThan(0);
    expect(followers[1]?.reconnects()).toBeGreaterThan(0);
    const reconnects = followers.map((f) => f.reconnects()).join("/");
    console.log(`kill -9 mid-burst: ${refused} sends answered other than 200 and sent again; ${reconnects} reconnects`);

    // the killed instance restarts on its port and serves through the balancer again
    await startInstance(inject("cluster"), 0);
    const again = await DashboardSession.signIn("affiliate@example.com", undefined, { baseUrl: first() });
    expect((await again.request("GET", "/api/orders")).status).toBe(200);
    expect(await postWebhook(first(), eventBody())).toBe(200);
  }, 120_000);
});
