import "server-only";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { takeToken } from "@/lib/rate-limit/token-bucket";

/** Per API client: SANDBOX_RATE_LIMIT requests per second, bursts of five seconds' worth, across every instance. */
export function takeClientToken(db: Db, clientId: string): Promise<boolean> {
  const rate = env().sandboxRateLimit;
  return takeToken(db, `sandbox-client:${clientId}`, rate, rate * 5);
}
