import "server-only";
import { env, type Env } from "@/lib/env";
import { getDatabase } from "@/lib/db/client";
import { listenForInvalidations } from "@/lib/db/cache-bus";
import { DEMO_USERS, seedDashboard } from "@/lib/dashboard/auth/seed";
import { seedSandbox } from "@/lib/sandbox/seed";
import { DEMO_DAYS, seedDemoActivity, whenListening } from "@/lib/dashboard/demo/demo-activity";
import { setDemoAgreements } from "@/lib/dashboard/demo/demo-agreements";
import { endExampleActivity, reportExampleActivity } from "@/lib/dashboard/demo/demo-progress";
import type { Db } from "@/lib/db/client";
import { startWorker, stopWorker } from "@/lib/sandbox/outbox/worker";
import { clockToPresent } from "@/lib/sandbox/clock";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { startJobRunner } from "@/lib/dashboard/jobs/runner";
import { jobHandlers, jobRegistry } from "@/lib/dashboard/lifecycle/job-registry";
import { registerDrains } from "@/lib/dashboard/lifecycle/drains";
import { registerStreamRoutes } from "@/lib/runtime/streams.mjs";
import { streamRoutes } from "@/lib/dashboard/api/stream-routes";
import { registerDirectRoutes } from "@/lib/runtime/direct-routes.mjs";
import { webhookRoutes } from "@/lib/dashboard/api/webhook-routes";
import { renewPlaces } from "@/lib/dashboard/events/stream-places";
import { announceRequestLogs } from "@/lib/dashboard/request-log/live";
import { processSingleton } from "@/lib/process-singleton";
import { SealingKeyMismatch, verifySealingKey } from "@/lib/dashboard/auth/sealing-key";
import { keyTenantClients } from "@/lib/dashboard/auth/tenants";
import { sql } from "drizzle-orm";
import { errorText, logger } from "@/lib/log";

const log = logger("demo");

const SEED_LOCK_KEY = 7_202_612;

// Per process: migrate, seed and start the worker once.
const holder = processSingleton("boot", () => ({ booted: undefined as Promise<void> | undefined }));

/**
 * A secret as the banner shows it: a generated one in full (nobody knows it otherwise), one
 * from the environment only by name, so that it never lands in a log.
 */
function shown(name: keyof Env["secrets"]): string {
  const config = env();
  return config.generatedSecrets.includes(name) ? config.secrets[name] : `(set by ${name})`;
}

function banner() {
  const config = env();
  const url = config.appUrl ?? `http://127.0.0.1:${config.port}`;
  const lines = [
    "",
    "  Exchange dashboard and sandbox",
    `  URL              ${url}`,
    `  Database         ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`}`,
    `  Network          ${config.sandboxNetwork}`,
    `  Demo users       ${DEMO_USERS.map((u) => `${u.email} (${u.role})`).join(", ")}`,
    `  Demo password    ${shown("DEMO_PASSWORD")}`,
    `  Demo client_id   ${shown("SANDBOX_DEMO_CLIENT_ID")}`,
    `  Webhook secret   ${shown("SANDBOX_DEMO_WEBHOOK_SECRET")}`,
    `  Operator key     ${shown("SANDBOX_OPERATOR_KEY")}`,
    `  Sandbox API      ${url}/sandbox/v1  (OpenAPI: ${url}/sandbox/openapi.json)`,
    "",
  ];
  // plain text, not a log line: it is read on a terminal (and shows only secrets it generated)
  process.stdout.write(`${lines.join("\n")}\n`);
}

/** How far the sandbox's clock was moved, in days to a tenth, for the log. */
const inDays = (ms: number) => Math.round((ms / 86_400_000) * 10) / 10;

/** A fresh demo database gets example activity once the server listens (it goes through the server's own HTTP API). */
async function demoActivity(db: Db) {
  const config = env();
  try {
    await whenListening(`${config.exchangeApiBaseUrl}/openapi.json`);
    const startedAt = new Date().toISOString();
    const activity = await seedDemoActivity({
      baseUrl: config.exchangeApiBaseUrl,
      clientId: config.secrets.SANDBOX_DEMO_CLIENT_ID,
      operatorKey: config.secrets.SANDBOX_OPERATOR_KEY,
      network: config.sandboxNetwork,
      begun: (start) => {
        reportExampleActivity(0, start.startedOn.toISOString(), startedAt);
        return setDemoAgreements(db, start);
      },
      progress: (done, clock) => reportExampleActivity(done, clock, startedAt),
    });
    endExampleActivity();
    const count = activity.exchangeIds.length;
    log.info(
      { exchanges: count },
      `example activity: ${count} exchanges over ${DEMO_DAYS} days (SANDBOX_DEMO_ACTIVITY=false turns this off)`,
    );
  } catch (error) {
    endExampleActivity();
    if (!serverRuntime().shutdown.stopping) return log.error({ err: errorText(error) }, "could not make the example activity");
    // cut short by a stop (SIGTERM, Ctrl-C): the server no longer answers the activity's calls, so
    // its last step, the clock's move to the present, is made here, or everything done from the
    // next start on would be dated weeks back. What it made so far stays; it is not made again.
    try {
      const moved = await clockToPresent(db);
      log.warn(
        { err: errorText(error), clock_moved_days: inDays(moved) },
        "the example activity was cut short by the stop: what it made so far stays, " +
          "and the sandbox's clock is at the present (a fresh database makes it whole)",
      );
    } catch (failure) {
      log.error({ err: errorText(failure) }, "the example activity was cut short by the stop; the sandbox's clock stays behind");
    }
  }
}

/** The example activity under way in this process, if any: the drain waits for it to end. */
const demo = processSingleton("demo-activity", () => ({ running: null as Promise<void> | null }));

/** Migrates, seeds the demo data on an empty database, starts the job runner and the sandbox's delivery worker. */
export function boot(): Promise<void> {
  holder.booted ??= (async () => {
    const config = env();
    registerDrains(stopWorker, () => demo.running ?? Promise.resolve());
    // the event streams, which the server serves outside Next.js (lib/runtime/streams.mjs)
    registerStreamRoutes(streamRoutes, { heartbeatMs: config.streamHeartbeatSeconds * 1000, onBeat: renewPlaces });
    // the webhook receiver, which the server answers without Next.js (lib/runtime/direct-routes.mjs)
    registerDirectRoutes(webhookRoutes);
    const database = await getDatabase();
    // before anything is sealed or unsealed: this key must be the database's (else the start fails, naming it)
    await verifySealingKey(database.db);
    // tenants made before tenants.client_key get theirs (the request log finds their sandbox calls by it)
    await keyTenantClients(database.db);
    // before any cache fills: other instances' changes drop this one's copies from the start
    await listenForInvalidations(database);
    startJobRunner(database, config.jobsIntervalMs, jobHandlers);
    // new request log rows appear live on the tenants' event streams
    announceRequestLogs();
    for (const [kind, entry] of Object.entries(jobRegistry)) {
      await entry
        .schedule?.(database.db)
        .catch((error: unknown) => log.error({ err: errorText(error), kind }, "could not queue a recurring job"));
    }
    if (config.sandboxEnabled) {
      // instances that start together on one database seed it once: the first holds the lock,
      // the others then find the rows there
      const fresh = await database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
        // the example activity starts weeks back on the sandbox's clock and runs it to the present
        await seedSandbox(tx, { clockDaysBack: config.sandboxDemoActivity ? DEMO_DAYS : 0 });
        return seedDashboard(tx);
      });
      // only a fresh demo seed puts the clock behind the present, and only its example activity
      // moves it up: on PGlite, one process's database, a clock found behind at a later start is
      // a run that died (kill -9, a power cut). On PostgreSQL another instance may be making it.
      if (!fresh && database.kind === "pglite") {
        const moved = await clockToPresent(database.db);
        if (moved > 0)
          log.warn(
            { clock_moved_days: inDays(moved) },
            "the sandbox's clock was left behind by an example activity that did not finish: it is moved to the present",
          );
      }
      startWorker(database, config.sandboxWorkerIntervalMs);
      banner();
      if (fresh && config.sandboxDemoActivity) demo.running = demoActivity(database.db);
    }
  })();
  return holder.booted;
}

/** The server's start: a misconfigured server must not serve, so it says what is wrong and exits. */
export async function start(): Promise<void> {
  try {
    if (env().isBuildPhase) return;
  } catch (error) {
    console.error(`\nCannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  try {
    await boot();
  } catch (error) {
    if (!(error instanceof SealingKeyMismatch)) throw error;
    console.error(`\nCannot start: ${error.message}\n`);
    process.exit(1);
  }
}
