// Section 2 of npm run bench: webhook ingest against a bare node:http handler doing the same work
// on the same database, and against an empty Next.js route.
import { spawn } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, type RunningApp } from "../../tests/integration/harness/app-server";
import { eventBody } from "../../tests/integration/harness/events";
import { INGEST_CONCURRENCY, INGEST_EVENTS, root, secrets, send, verdict } from "./common";
import { nextFloor } from "./latency";

export function signedEvents(count: number, secret: string) {
  return Array.from({ length: count }, () => {
    const body = eventBody();
    return { body, signature: `sha256=${createHmac("sha256", secret).update(body).digest("hex")}` };
  });
}

export async function ingest(url: string, events: { body: string; signature: string }[], expected = 200): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: INGEST_CONCURRENCY }, async () => {
      while (next < events.length) {
        const event = events[next++];
        if (!event) break;
        const reply = await send(url, {
          method: "POST",
          body: event.body,
          headers: {
            "content-type": "application/json",
            "x-signature-256": event.signature,
            "x-correlation-id": randomUUID(),
            "x-retry-count": "0",
            "user-agent": "Sandbox-Webhook/1.0",
          },
        });
        if (reply.status !== expected) throw new Error(`webhook → ${reply.status} ${reply.body}`);
      }
    }),
  );
  return events.length / ((performance.now() - started) / 1000);
}

/**
 * The baseline: on PostgreSQL the app's own store on the same database (bare-webhook.ts: verify,
 * parse, store, index, queue forwarding, signal); on PGlite, whose database one process owns, a
 * minimal handler on a database of its own (bench-bare-webhook.mjs: verify, parse, store, signal;
 * no index or forwarding), whose ratio is not comparable and is printed as such.
 */
async function startBare(databaseUrl: string | null, tenantId: string) {
  const port = await freePort();
  const pgliteDir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), "bench-bare-"));
  const env = { ...process.env, BARE_PORT: String(port), BARE_SECRET: secrets.SANDBOX_DEMO_WEBHOOK_SECRET, BARE_TENANT_ID: tenantId };
  const child = databaseUrl
    ? spawn(
        process.execPath,
        [
          path.join(root, "node_modules/tsx/dist/cli.mjs"),
          "--conditions=react-server",
          "--tsconfig",
          "tsconfig.json",
          path.join(root, "scripts/bench/bare-webhook.ts"),
        ],
        { cwd: root, env: { ...env, ...secrets, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" }, stdio: ["ignore", "pipe", "inherit"] },
      )
    : spawn(process.execPath, [path.join(root, "scripts/bench-bare-webhook.mjs")], {
        cwd: root,
        env: { ...env, BARE_PGLITE_DIR: pgliteDir },
        stdio: ["ignore", "pipe", "inherit"],
      });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.on("exit", (code) => reject(new Error(`bare handler exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    stop: () => {
      child.kill();
      if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    },
  };
}

/** Waits (at most a minute) until the server has logged `count` failed snapshot refreshes. */
export async function refreshesLogged(app: RunningApp, count: number) {
  const logged = () => app.output().match(/"msg":"refreshing an exchange failed"/g)?.length ?? 0;
  for (const deadline = Date.now() + 60_000; logged() < count && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 200));
}

/** How many webhooks ingestSection sends to the app (each ends in a logged failed refresh). */
export const INGESTED = 200 + INGEST_EVENTS;

export async function ingestSection(app: RunningApp, databaseUrl: string | null, tenantId: string) {
  const bare = await startBare(databaseUrl, tenantId);
  try {
    await ingest(bare.url, signedEvents(200, secrets.SANDBOX_DEMO_WEBHOOK_SECRET));
    const bareRate = await ingest(bare.url, signedEvents(INGEST_EVENTS, secrets.SANDBOX_DEMO_WEBHOOK_SECRET));
    const floor = await nextFloor(app);
    // the same signed webhooks to an empty handler: POST /api/health answers 405 without reading them
    const postFloor = await ingest(`${app.baseUrl}/api/health`, signedEvents(INGEST_EVENTS, secrets.SANDBOX_DEMO_WEBHOOK_SECRET), 405);
    await ingest(`${app.baseUrl}/webhook`, signedEvents(200, secrets.SANDBOX_DEMO_WEBHOOK_SECRET));
    await new Promise((r) => setTimeout(r, 3_000)); // the warm-up's snapshot refreshes drain
    const appRate = await ingest(`${app.baseUrl}/webhook`, signedEvents(INGEST_EVENTS, secrets.SANDBOX_DEMO_WEBHOOK_SECRET));
    console.log(`\n2. webhook ingest (verify + store + publish), ${INGEST_EVENTS} events, ${INGEST_CONCURRENCY} in flight`);
    const bareKind = databaseUrl ? "the app's store, same database" : "minimal, own PGlite: not comparable";
    console.log(`   bare node:http handler        ${bareRate.toFixed(0)} events/s   (${bareKind})`);
    console.log(
      `   POST /webhook (app)           ${appRate.toFixed(0)} events/s   ratio ${(appRate / bareRate).toFixed(2)}   ` +
        `target ≥ 0.7: ${verdict(appRate / bareRate >= 0.7)}`,
    );
    console.log(
      `   empty Next.js route, GET      ${floor.toFixed(0)} req/s      ratio ${(floor / bareRate).toFixed(2)}: ` +
        "the most any route handler reaches here",
    );
    console.log(
      `   the same webhooks POSTed to an empty route  ${postFloor.toFixed(0)} req/s   ${(postFloor / floor).toFixed(2)} of the GET: ` +
        "what Next.js spends on a request with a body",
    );
    console.log(`   POST /webhook / empty GET     ${(appRate / floor).toFixed(2)}   target ≥ 0.85: ${verdict(appRate / floor >= 0.85)}`);
    console.log(
      `   POST /webhook / empty POST    ${(appRate / postFloor).toFixed(2)}   target ≥ 0.85: ${verdict(appRate / postFloor >= 0.85)} ` +
        "(the webhook's own work: verify, store, publish, log)",
    );
  } finally {
    bare.stop();
  }
}
