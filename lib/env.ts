import "server-only";
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { processSingleton } from "@/lib/process-singleton";
import { serverSettingsShape } from "@/lib/runtime/server-settings.mjs";
import { hasOnlyAPath } from "@/lib/base-url";

// The module that reads process.env (docs/architecture.md#boundaries); the server's own settings,
// which it needs before the app loads, are read by lib/runtime/server-settings.mjs and validated
// here as part of this schema.

const networkSchema = z.enum(["mainnet", "testnet", "signet", "regtest"]);
export type BitcoinNetworkName = z.infer<typeof networkSchema>;

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .optional()
  .transform((v) => (v === undefined ? undefined : ["true", "1", "yes"].includes(v)));

const rawSchema = z.object({
  // PORT, HOST, APP_URL, TRUSTED_PROXY_HOPS, LOG_LEVEL, LOG_FORMAT, SHUTDOWN_GRACE_SECONDS: also
  // read by scripts/server.mjs, before the app loads (lib/runtime/server-settings.mjs)
  ...serverSettingsShape,
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  NEXT_PHASE: optional,
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  SANDBOX_ENABLED: booleanFlag,
  EXCHANGE_API_BASE_URL: optional.pipe(
    z
      .url({ protocol: /^https?$/ })
      .refine(hasOnlyAPath, "an http(s) URL with a path only: no query, fragment or credentials")
      .optional(),
  ),
  SANDBOX_NETWORK: networkSchema.default("testnet"),
  SANDBOX_PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SANDBOX_RATES: optional,
  SANDBOX_OPERATOR_KEY: optional.pipe(z.string().min(16).optional()),
  SANDBOX_DEMO_CLIENT_ID: optional.pipe(z.string().min(8).max(128).optional()),
  SANDBOX_DEMO_WEBHOOK_SECRET: optional.pipe(z.string().min(16).optional()),
  SANDBOX_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  SANDBOX_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(100),
  SANDBOX_DEMO_ACTIVITY: booleanFlag,
  DEMO_PASSWORD: optional.pipe(z.string().min(8).optional()),
  AUTH_SECRET: optional.pipe(z.string().min(32).optional()),
  APP_ENCRYPTION_KEY: optional.pipe(
    z
      .string()
      .regex(/^[0-9a-f]{64}$/i, "64 hex characters")
      .optional(),
  ),
  STREAMS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(10),
  STREAMS_PER_KEY: z.coerce.number().int().min(1).max(100_000).default(5),
  STREAM_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
  ALLOW_INSECURE_HTTP: booleanFlag,
  METRICS_TOKEN: optional.pipe(z.string().min(16, "at least 16 characters").optional()),
  STEP_UP_WINDOW_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  FORWARDING_ALLOW_PRIVATE: booleanFlag,
  UPSTREAM_ALLOW_PRIVATE: booleanFlag,
  FORWARDING_RETRY_SCHEDULE: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, "seconds, comma-separated")
    .default("5,300,1800,7200,18000,36000,36000"),
  FORWARDING_DISABLE_AFTER_SECONDS: z.coerce
    .number()
    .min(1)
    .default(5 * 24 * 3600),
  JOBS_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().trim().min(3).default("Exchange dashboard <dashboard@localhost>"),
  MAIL_RETRY_SCHEDULE: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, "seconds, comma-separated")
    .default("30,120,600,1800,3600,7200,14400,28800,43200,86400,86400"),
  NOTIFICATIONS_SWEEP_SECONDS: z.coerce.number().min(1).max(3600).default(300),
  NOTIFY_WEBHOOK_SILENCE_HOURS: z.coerce.number().min(0.001).max(720).default(6),
  ATTENTION_WEBHOOK_GRACE_SECONDS: z.coerce.number().min(1).max(86_400).default(600),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  REQUEST_LOG: z.enum(["on", "off"]).default("on"),
  REQUEST_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
});

/** Every environment variable the app reads (docs/configuration.md documents each, lib/env-reference.ts). */
export type SettingName = keyof typeof rawSchema.shape;
export const settingNames = Object.keys(rawSchema.shape) as SettingName[];

const secretNames = [
  "SANDBOX_OPERATOR_KEY",
  "SANDBOX_DEMO_CLIENT_ID",
  "SANDBOX_DEMO_WEBHOOK_SECRET",
  "DEMO_PASSWORD",
  "AUTH_SECRET",
  "APP_ENCRYPTION_KEY",
] as const;
type SecretName = (typeof secretNames)[number];

const generators: Record<SecretName, () => string> = {
  SANDBOX_OPERATOR_KEY: () => `sk_op_${randomBytes(24).toString("base64url")}`,
  SANDBOX_DEMO_CLIENT_ID: () => `demo_${randomBytes(12).toString("hex")}`,
  SANDBOX_DEMO_WEBHOOK_SECRET: () => `whsec_${randomBytes(24).toString("hex")}`,
  DEMO_PASSWORD: () => randomBytes(12).toString("base64url"),
  AUTH_SECRET: () => randomBytes(32).toString("base64url"),
  APP_ENCRYPTION_KEY: () => randomBytes(32).toString("hex"),
};

export const pairRates = z.object({ eur: z.number().positive(), chf: z.number().positive(), gbp: z.number().positive() }).strict();

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

function parseRates(text: string | undefined): z.infer<typeof pairRates> {
  const defaults = { eur: 60_000, chf: 57_000, gbp: 51_000 };
  if (!text) return defaults;
  const entries = text.split(",").map((part) => {
    const [key, value] = part.split(/[:=]/).map((s) =>
      s
        .trim()
        .toLowerCase()
        .replace(/^btc\//, ""),
    );
    return [key, Number(value)];
  });
  return pairRates.parse({ ...defaults, ...Object.fromEntries(entries) });
}

/** The secrets a process made before into DATA_DIR/secrets.json, if any. */
function storedSecrets(dataDir: string): Partial<Record<SecretName, string>> {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as Partial<Record<SecretName, string>>;
  } catch {
    return {};
  }
}

/** Reads DATA_DIR/secrets.json, creating it (mode 0600, exclusively) for what is missing. */
function loadGeneratedSecrets(dataDir: string, missing: SecretName[]): Partial<Record<SecretName, string>> {
  const file = path.join(dataDir, "secrets.json");
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const stored = storedSecrets(dataDir);
  const absent = missing.filter((name) => !stored[name]);
  if (absent.length === 0) return stored;
  const next = { ...stored };
  for (const name of absent) next[name] = generators[name]();
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  const fd = openSync(tmp, "wx", 0o600);
  writeSync(fd, JSON.stringify(next, null, 2));
  closeSync(fd);
  // rename is atomic: a concurrent writer wins whole, and we re-read its result
  renameSync(tmp, file);
  return JSON.parse(readFileSync(file, "utf8")) as Partial<Record<SecretName, string>>;
}

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
