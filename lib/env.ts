import "server-only";
import path from "node:path";
import type { z } from "zod";
import { processSingleton } from "@/lib/process-singleton";
import { parseRates, rawSchema, type BitcoinNetworkName, type pairRates } from "@/lib/env-schema";
import { loadGeneratedSecrets, secretNames, storedSecrets, type SecretName } from "@/lib/env-secrets";

// The module that reads process.env (docs/architecture.md#boundaries), by the rules of
// lib/env-schema.ts; the server's own settings, which it needs before the app loads, are read by
// lib/runtime/server-settings.mjs and validated here as part of that schema.

export { pairRates, settingNames, type BitcoinNetworkName, type SettingName } from "@/lib/env-schema";

export type Env = {
  nodeEnv: "development" | "production" | "test";
  isBuildPhase: boolean;
  port: number;
  /** Public URL of the dashboard when it is fixed (behind a proxy); else taken from each request. */
  appUrl: string | undefined;
  /** Cookies carry Secure (and the __Secure- prefix) when the app is served over https. */
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  sandboxEnabled: boolean;
  exchangeApiBaseUrl: string;
  sandboxNetwork: BitcoinNetworkName;
  /** Base URL of /sandbox as wallets and browsers reach it (LNURL links, documentation_uri). */
  sandboxPublicUrl: string;
  /** Simulated rates per quote currency, in the quote currency per btc. */
  sandboxRates: z.infer<typeof pairRates>;
  sandboxWorkerIntervalMs: number;
  /** Requests per second per API client (bursts of five seconds' worth). */
  sandboxRateLimit: number;
  /** A fresh demo database gets example orders and exchanges, made through the sandbox's API. */
  sandboxDemoActivity: boolean;
  /** How many proxies of ours stand in front of the app (X-Forwarded-For entries to trust). */
  trustedProxyHops: number;
  /** Open GET /api/events streams a user may hold at once. */
  streamsPerUser: number;
  /** Open event streams per API key, counted apart from its creator's. */
  streamsPerKey: number;
  /** Seconds between event streams' heartbeats; a stream's place is leased for three of them. */
  streamHeartbeatSeconds: number;
  /** Bearer token of GET /metrics; metrics are not served without it. */
  metricsToken: string | undefined;
  /** Read by the logger itself (lib/runtime/server-runtime.mjs); validated here. */
  logLevel: string;
  logFormat: "json" | "pretty";
  /** How long a drain may take (scripts/server.mjs reads it itself; validated here). */
  shutdownGraceSeconds: number;
  /** How long a confirmed factor opens sensitive actions (step-up). */
  stepUpWindowMs: number;
  /** Forwarding may reach private and loopback addresses (tests, local development). */
  forwardingAllowPrivate: boolean;
  /** A tenant's service may be at a private, loopback or link-local address (on-premise services; this app's own sandbox always may). */
  upstreamAllowPrivate: boolean;
  /** The waits before each retry of a forwarded webhook, in ms (Standard Webhooks' schedule by default). */
  forwardingRetryScheduleMs: number[];
  /** An endpoint whose every attempt failed for this long is disabled. */
  forwardingDisableAfterMs: number;
  /** How often each instance looks for due background jobs (they are also run at once when queued). */
  jobsIntervalMs: number;
  /** smtp(s)://user:pass@host:port; unset: mail is kept in the database (the console's Mail tab). */
  smtpUrl: string | undefined;
  mailFrom: string;
  mailRetryScheduleMs: number[];
  notificationsSweepMs: number;
  webhookSilenceMs: number;
  attentionWebhookGraceMs: number;
  /** Stored webhook bodies, the audit log, sent mail and finished jobs older than this go. */
  retentionDays: number;
  /** Record the sandbox's requests and the upstream calls in request_logs (docs/request-logs.md). */
  requestLog: boolean;
  /** Request log rows older than this go. */
  requestLogRetentionDays: number;
  secrets: Record<SecretName, string>;
  /** Names of the secrets that were generated rather than configured. */
  generatedSecrets: SecretName[];
  /** Needed secrets that are neither configured nor stored (loadEnv with generateSecrets: false only). */
  missingSecrets: SecretName[];
};

/**
 * The settings, validated. Secrets not configured are taken from DATA_DIR/secrets.json, and made
 * there when absent, except in production, and except where `generateSecrets` is false: the admin
 * command line first asks the database whether a key may be made up at all (scripts/admin.ts).
 * With the sandbox off, only the dashboard's own secrets are needed (AUTH_SECRET, APP_ENCRYPTION_KEY).
 */
export function loadEnv(source: Record<string, string | undefined> = process.env, options: { generateSecrets?: boolean } = {}): Env {
  const parsed = rawSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const raw = parsed.data;
  const sandboxEnabled = raw.SANDBOX_ENABLED ?? raw.EXCHANGE_API_BASE_URL === undefined;
  const dataDir = path.resolve(raw.DATA_DIR);
  const configured: Partial<Record<SecretName, string>> = {};
  for (const name of secretNames) if (raw[name]) configured[name] = raw[name];
  const needed = sandboxEnabled ? secretNames : secretNames.filter((name) => !name.startsWith("SANDBOX_") && name !== "DEMO_PASSWORD");
  const missing = needed.filter((name) => !configured[name]);

  const production = raw.NODE_ENV === "production" && !sandboxEnabled;
  if (production && missing.some((n) => n === "AUTH_SECRET" || n === "APP_ENCRYPTION_KEY")) {
    const absent = missing.filter((n) => n === "AUTH_SECRET" || n === "APP_ENCRYPTION_KEY");
    throw new Error(`Missing required secrets in production: ${absent.join(", ")}`);
  }
  if (production && !raw.APP_URL?.startsWith("https://") && !raw.ALLOW_INSECURE_HTTP) {
    throw new Error(
      `APP_URL must be an https:// URL in production (sessions and payout links travel over it); got ${raw.APP_URL ?? "nothing"}. ` +
        "Set ALLOW_INSECURE_HTTP=true to run over plain http anyway.",
    );
  }
  const generate = options.generateSecrets ?? true;
  const generated = missing.length === 0 || production ? {} : generate ? loadGeneratedSecrets(dataDir, missing) : storedSecrets(dataDir);
  const secrets = Object.fromEntries(secretNames.map((name) => [name, configured[name] ?? generated[name] ?? ""])) as Record<
    SecretName,
    string
  >;

  return {
    nodeEnv: raw.NODE_ENV,
    isBuildPhase: raw.NEXT_PHASE === "phase-production-build",
    port: raw.PORT,
    appUrl: raw.APP_URL?.replace(/\/+$/, ""),
    secureCookies: raw.APP_URL?.startsWith("https://") ?? false,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    sandboxEnabled,
    exchangeApiBaseUrl: (raw.EXCHANGE_API_BASE_URL ?? `http://127.0.0.1:${raw.PORT}/sandbox`).replace(/\/+$/, ""),
    sandboxPublicUrl: (raw.SANDBOX_PUBLIC_URL ?? `http://127.0.0.1:${raw.PORT}/sandbox`).replace(/\/+$/, ""),
    sandboxNetwork: raw.SANDBOX_NETWORK,
    sandboxRates: parseRates(raw.SANDBOX_RATES),
    sandboxWorkerIntervalMs: raw.SANDBOX_WORKER_INTERVAL_MS,
    sandboxRateLimit: raw.SANDBOX_RATE_LIMIT,
    sandboxDemoActivity: raw.SANDBOX_DEMO_ACTIVITY ?? true,
    trustedProxyHops: raw.TRUSTED_PROXY_HOPS,
    streamsPerUser: raw.STREAMS_PER_USER,
    streamsPerKey: raw.STREAMS_PER_KEY,
    streamHeartbeatSeconds: raw.STREAM_HEARTBEAT_SECONDS,
    metricsToken: raw.METRICS_TOKEN,
    logLevel: raw.LOG_LEVEL,
    logFormat: raw.LOG_FORMAT,
    shutdownGraceSeconds: raw.SHUTDOWN_GRACE_SECONDS,
    stepUpWindowMs: raw.STEP_UP_WINDOW_SECONDS * 1000,
    forwardingAllowPrivate: raw.FORWARDING_ALLOW_PRIVATE ?? false,
    upstreamAllowPrivate: raw.UPSTREAM_ALLOW_PRIVATE ?? false,
    forwardingRetryScheduleMs: raw.FORWARDING_RETRY_SCHEDULE.split(",").map((seconds) => Math.round(Number(seconds) * 1000)),
    forwardingDisableAfterMs: Math.round(raw.FORWARDING_DISABLE_AFTER_SECONDS * 1000),
    jobsIntervalMs: raw.JOBS_INTERVAL_MS,
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    mailRetryScheduleMs: raw.MAIL_RETRY_SCHEDULE.split(",").map((seconds) => Math.round(Number(seconds) * 1000)),
    notificationsSweepMs: Math.round(raw.NOTIFICATIONS_SWEEP_SECONDS * 1000),
    webhookSilenceMs: Math.round(raw.NOTIFY_WEBHOOK_SILENCE_HOURS * 3_600_000),
    attentionWebhookGraceMs: Math.round(raw.ATTENTION_WEBHOOK_GRACE_SECONDS * 1000),
    retentionDays: raw.RETENTION_DAYS,
    requestLog: raw.REQUEST_LOG === "on",
    requestLogRetentionDays: raw.REQUEST_LOG_RETENTION_DAYS,
    secrets,
    generatedSecrets: missing,
    missingSecrets: missing.filter((name) => !secrets[name]),
  };
}

// Per process: read and validated once.
const holder = processSingleton("env", () => ({ env: undefined as Env | undefined }));

/** This process's settings from now on: the admin command line's, loaded its own way. */
export function adoptEnv(config: Env): Env {
  holder.env = config;
  if (config.appUrl) process.env.NEXTAUTH_URL = config.appUrl;
  return config;
}

export function env(): Env {
  if (!holder.env) {
    holder.env = loadEnv();
    // next-auth v4 reads its origin from the process environment: a fixed APP_URL, or the
    // request's own host when none is configured.
    if (holder.env.appUrl) process.env.NEXTAUTH_URL = holder.env.appUrl;
    else process.env.AUTH_TRUST_HOST = "true";
  }
  return holder.env;
}
