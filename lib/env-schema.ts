import "server-only";
import { z } from "zod";
import { serverSettingsShape } from "@/lib/runtime/server-settings.mjs";
import { hasOnlyAPath } from "@/lib/base-url";

// The rule of each environment variable lib/env.ts reads, and how the sandbox's rates are written.

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

export const rawSchema = z.object({
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

export const pairRates = z.object({ eur: z.number().positive(), chf: z.number().positive(), gbp: z.number().positive() }).strict();

export function parseRates(text: string | undefined): z.infer<typeof pairRates> {
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
