import "server-only";

import { env } from "@/lib/env";

// A token bucket per key, held in process memory: generous (DESIGN.md: 429 per client).

type Bucket = { tokens: number; updated: number };
const holder = globalThis as typeof globalThis & { __sandboxBuckets?: Map<string, Bucket> };

export function takeToken(key: string, now = Date.now()): boolean {
  const ratePerSecond = env().sandboxRateLimit;
  const burst = ratePerSecond * 5;
  holder.__sandboxBuckets ??= new Map();
  const buckets = holder.__sandboxBuckets;
  const bucket = buckets.get(key) ?? { tokens: burst, updated: now };
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updated) / 1000) * ratePerSecond);
  bucket.updated = now;
  const allowed = bucket.tokens >= 1;
  if (allowed) bucket.tokens -= 1;
  buckets.set(key, bucket);
  return allowed;
}
