import "server-only";
import { env } from "@/lib/env";
import { takeToken } from "@/lib/rate-limit/token-bucket";

/** Per API client: SANDBOX_RATE_LIMIT requests per second, bursts of five seconds' worth. */
export function takeClientToken(clientId: string): boolean {
  const rate = env().sandboxRateLimit;
  return takeToken(`sandbox-client:${clientId}`, rate, rate * 5);
}
