import type { SettingName } from "./env";

// What each environment variable does and its default, as docs/configuration.md shows them: the
// table there is written from this (npm run docs:tables, lib/docs-tables.ts) and a unit test fails
// when the two differ or when lib/env.ts reads a variable that is not described here.

type Described = { default: string; meaning: string };
/** Read by Next.js or the start script, not by lib/env.ts. */
type Outside = "NEXT_TELEMETRY_DISABLED";
/** Set by the runtime, never by hand. */
type Internal = "NODE_ENV" | "NEXT_PHASE";

export const settingsReference = {
  PORT: { default: "3000", meaning: "HTTP port" },
  HOST: {
    default: "`0.0.0.0`",
    meaning: "the address the server listens on: `127.0.0.1` behind a proxy on the same machine, `0.0.0.0` for every interface",
  },
  APP_URL: {
    default: "unset",
    meaning:
      "the dashboard's public URL behind a proxy (fixes the origin, scheme, host and port, for sign-in, " +
      "Origin checks and payout links; https turns on Secure cookies and HSTS on every answer); unset: " +
      "each request's own `Host` over http",
  },
  DATA_DIR: { default: "`./data`", meaning: "embedded database (PGlite) and generated secrets" },
  DATABASE_URL: { default: "unset", meaning: "PostgreSQL (`postgres://…`) instead of PGlite" },
  SANDBOX_ENABLED: { default: "true unless `EXCHANGE_API_BASE_URL` is set", meaning: "serve `/sandbox/**` (404 everywhere when false)" },
  EXCHANGE_API_BASE_URL: {
    default: "`http://127.0.0.1:$PORT/sandbox`",
    meaning:
      "with the sandbox on: the demo tenant's service, this app's own sandbox (`/v1/...` is appended). Setting it " +
      "switches the sandbox off; in production that is all it does: each tenant's calls go to the base URL it was " +
      "created with (`tenants add --base-url`, or the operator console)",
  },
  SANDBOX_NETWORK: {
    default: "`testnet`",
    meaning: "`mainnet`, `testnet`, `signet` or `regtest`: addresses, xpubs and invoices must match",
  },
  SANDBOX_PUBLIC_URL: {
    default: "`http://127.0.0.1:$PORT/sandbox`",
    meaning: "the sandbox as wallets and browsers reach it: LNURL links and `documentation_uri`",
  },
  SANDBOX_RATES: { default: "`eur:60000,chf:57000,gbp:51000`", meaning: "simulated rates, quote currency per btc" },
  SANDBOX_WORKER_INTERVAL_MS: { default: "500", meaning: "how often the webhook worker looks for due deliveries" },
  SANDBOX_DEMO_ACTIVITY: {
    default: "true",
    meaning:
      "on a fresh database, make five weeks of example orders and exchanges through the sandbox's API once the server " +
      "listens (the sandbox's clock starts 35 days back and is run forward to the present)",
  },
  SANDBOX_RATE_LIMIT: { default: "100", meaning: "requests per second per API client (bursts of 5 s worth), then `429 rate_limited`" },
  SANDBOX_OPERATOR_KEY: { default: "generated, printed", meaning: "bearer key of `/sandbox/operator/**`" },
  SANDBOX_DEMO_CLIENT_ID: { default: "generated, printed", meaning: "client_id of the seeded demo API client" },
  SANDBOX_DEMO_WEBHOOK_SECRET: {
    default: "generated, printed",
    meaning: "shared secret of the demo client's webhook endpoint (`/webhook`)",
  },
  DEMO_PASSWORD: { default: "generated, printed", meaning: "password of the seeded demo users" },
  AUTH_SECRET: { default: "generated into `DATA_DIR`", meaning: "next-auth secret" },
  APP_ENCRYPTION_KEY: {
    default: "generated into `DATA_DIR`",
    meaning: "AES-256-GCM key (64 hex) for credentials and webhook secrets at rest",
  },
  TRUSTED_PROXY_HOPS: {
    default: "0",
    meaning:
      "how many proxies of yours stand in front of the app. 0: the caller is the connection's peer, and any" +
      " `X-Forwarded-For` a client sends is ignored; N: the N-th address from the right of " +
      "`X-Forwarded-For` (each proxy appends the address it saw). Sign-in and public-page limits count per " +
      "this address. With 1 or more, and no `APP_URL`, the nearest proxy's `X-Forwarded-Host` and " +
      "`X-Forwarded-Proto` also name the origin and turn on HSTS; with 0 a client's are ignored",
  },
  STREAMS_PER_USER: {
    default: "10",
    meaning: "open event streams per signed-in user (`GET /api/events`, the console's); one more is `429 rate_limited`",
  },
  STREAMS_PER_KEY: {
    default: "5",
    meaning:
      "open `GET /api/events` streams per API key (`listen`, `logs tail`, `trigger`), counted apart from its creator's own; " +
      "one more is `429 rate_limited`",
  },
  STREAM_HEARTBEAT_SECONDS: {
    default: "15",
    meaning:
      "seconds between an event stream's heartbeat comments (keep it under your proxies' idle timeout); an " +
      "ended session's streams close at the next one, and a dead instance's streams give their places back " +
      "within three",
  },
  ALLOW_INSECURE_HTTP: {
    default: "false",
    meaning: "in production, allow an `APP_URL` that is not https (behind a proxy on a private network only)",
  },
  SHUTDOWN_GRACE_SECONDS: {
    default: "20",
    meaning: "how long a drain on SIGTERM may take before the process exits anyway (give your process manager a stop timeout above it)",
  },
  STEP_UP_WINDOW_SECONDS: {
    default: "300",
    meaning:
      "how long a confirmed factor (or a sign-in) opens the actions that need step-up: revealing or " +
      "rotating a secret, credentials, the team, the sign-in policy, payout links, recorded payouts, one's " +
      "own factors (10 to 3600)",
  },
  FORWARDING_ALLOW_PRIVATE: {
    default: "false",
    meaning: "let forwarding endpoints be private or loopback addresses (tests, local development only)",
  },
  UPSTREAM_ALLOW_PRIVATE: {
    default: "false",
    meaning:
      "let a tenant's service (its base URL, and `EXCHANGE_API_BASE_URL`) be at a private, loopback or link-local address: an " +
      "on-premise service, or another instance's sandbox. This app's own sandbox always may. Otherwise such an address is " +
      "refused when the connection is made, after DNS, and the call fails as `upstream_unavailable`",
  },
  FORWARDING_RETRY_SCHEDULE: {
    default: "`5,300,1800,7200,18000,36000,36000`",
    meaning: "seconds before each retry of a forwarded webhook (tests shorten it)",
  },
  FORWARDING_DISABLE_AFTER_SECONDS: { default: "432000 (5 days)", meaning: "an endpoint whose every attempt fails this long is disabled" },
  JOBS_INTERVAL_MS: {
    default: "1000",
    meaning: "how often an instance looks for due background jobs (a job queued by its own request runs at once)",
  },
  SMTP_URL: {
    default: "unset",
    meaning:
      "`smtp://user:password@host:587` or `smtps://…:465`: where mail goes. Unset: mail is kept in the " +
      "database and shown on the console's Mail tab",
  },
  MAIL_FROM: { default: "`Exchange dashboard <dashboard@localhost>`", meaning: "the sender of every mail" },
  MAIL_RETRY_SCHEDULE: {
    default: "`30,120,600,1800,3600,7200,14400,28800,43200,86400,86400`",
    meaning: "seconds before each retry of a mail the SMTP server refused or could not take (about 3 days in all)",
  },
  NOTIFICATIONS_SWEEP_SECONDS: { default: "300", meaning: "how often one instance looks for what people should be notified of" },
  RETENTION_DAYS: {
    default: "400",
    meaning:
      "stored webhook bodies (the rows stay), the audit log, sent mail, read notifications and finished " +
      "jobs older than this are pruned, daily, in batches of 1 000 by one instance; exchanges and " +
      "everything reports count are kept",
  },
  REQUEST_LOG: {
    default: "`on`",
    meaning:
      "`off`: no request to the sandbox's API and no call to the upstream is recorded in the request logs " +
      "([docs/request-logs.md](request-logs.md)); for benchmarks",
  },
  REQUEST_LOG_RETENTION_DAYS: { default: "30", meaning: "request log rows older than this are pruned, daily, with the rest" },
  NOTIFY_WEBHOOK_SILENCE_HOURS: {
    default: "6",
    meaning: "hours without any webhook, while exchanges are open, after which the team is notified",
  },
  ATTENTION_WEBHOOK_GRACE_SECONDS: {
    default: "600",
    meaning:
      "how long an exchange's newer state may wait for the webhook that announces it before *Needs attention* flags it " +
      "(the service retries a failed delivery after 5 minutes)",
  },
  METRICS_TOKEN: { default: "unset", meaning: "bearer token of `GET /metrics` (Prometheus text); metrics are not served without it" },
  LOG_LEVEL: { default: "`info`", meaning: "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`" },
  LOG_FORMAT: { default: "`json`", meaning: "`json`: one JSON object a line; `pretty`: readable lines for a terminal" },
  NEXT_TELEMETRY_DISABLED: { default: "1", meaning: "Next.js's telemetry is off unless set to `0`" },
} satisfies Record<Exclude<SettingName, Internal> | Outside, Described>;

export const INTERNAL_SETTINGS: readonly Internal[] = ["NODE_ENV", "NEXT_PHASE"];

/** The Markdown table of every setting, in the order above. */
export function settingsTable(): string {
  const rows = Object.entries(settingsReference).map(([name, d]) => `| \`${name}\` | ${d.default} | ${d.meaning} |`);
  return ["| variable | default | meaning |", "|---|---|---|", ...rows].join("\n");
}
