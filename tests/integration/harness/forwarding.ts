import { randomBytes } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { startApp } from "./app-server";
import type { Received } from "./receiver";

// An app of the forwarding suites' own: FORWARDING_ALLOW_PRIVATE (the receiver listens on
// 127.0.0.1), retries after 0.5 s instead of 5 s … 10 h, and an endpoint disabled after 20 s of
// failures instead of 5 days (above the 15 s an attempt may wait); the schedule's real values
// are checked in lib/dashboard/forwarding/deliver.test.ts. What a receiver gets is verified with
// two libraries nobody here wrote, `standardwebhooks` and `svix`.

export const operatorKey = `sk_op_fwd_${randomBytes(8).toString("hex")}`;
export const password = "a-long-test-password-5";
export const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;

export function startForwardingApp(
  options: { dataDir?: string; databaseUrl?: string; schedule?: string; port?: number; env?: Record<string, string> } = {},
) {
  return startApp({
    operatorKey,
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    port: options.port,
    env: {
      ...options.env,
      DEMO_PASSWORD: password,
      SANDBOX_DEMO_WEBHOOK_SECRET: webhookSecret,
      FORWARDING_ALLOW_PRIVATE: "true",
      FORWARDING_RETRY_SCHEDULE: options.schedule ?? "0.5,0.5,0.5",
      FORWARDING_DISABLE_AFTER_SECONDS: "20",
      JOBS_INTERVAL_MS: "100",
    },
  });
}

/** Both libraries accept the request for this secret (and throw otherwise). */
export function verifyBoth(request: Received, secret: string) {
  new StandardWebhook(secret).verify(request.body, request.headers);
  new SvixWebhook(secret).verify(request.body, request.headers);
}

export const typeOf = (r: Received) => (JSON.parse(r.body) as { event: string }).event;
