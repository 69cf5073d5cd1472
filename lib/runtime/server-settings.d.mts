import type { z } from "zod";

type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

export declare const serverSettingsShape: {
  PORT: z.ZodType<number, unknown>;
  HOST: z.ZodType<string, unknown>;
  APP_URL: z.ZodType<string | undefined, unknown>;
  TRUSTED_PROXY_HOPS: z.ZodType<number, unknown>;
  LOG_LEVEL: z.ZodType<LogLevel, unknown>;
  LOG_FORMAT: z.ZodType<"json" | "pretty", unknown>;
  SHUTDOWN_GRACE_SECONDS: z.ZodType<number, unknown>;
};

export type ServerSettings = { [K in keyof typeof serverSettingsShape]: z.output<(typeof serverSettingsShape)[K]> };

export declare function serverSettings(source?: Record<string, string | undefined>): ServerSettings;
export declare function serverSettingsOrDefaults(source?: Record<string, string | undefined>): ServerSettings;
