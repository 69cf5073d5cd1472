import "server-only";

// A token bucket per key, held in process memory: generous (DESIGN.md: 429 per client).
const RATE_PER_SECOND = 100;
const BURST = 500;

type Bucket = { tokens: number; updated: number };
const holder = globalThis as typeof globalThis & { __sandboxBuckets?: Map<string, Bucket> };

export function takeToken(key: string, now = Date.now()): boolean {
  holder.__sandboxBuckets ??= new Map();
  const buckets = holder.__sandboxBuckets;
  const bucket = buckets.get(key) ?? { tokens: BURST, updated: now };
  bucket.tokens = Math.min(BURST, bucket.tokens + ((now - bucket.updated) / 1000) * RATE_PER_SECOND);
  bucket.updated = now;
  const allowed = bucket.tokens >= 1;
  if (allowed) bucket.tokens -= 1;
  buckets.set(key, bucket);
  return allowed;
}
