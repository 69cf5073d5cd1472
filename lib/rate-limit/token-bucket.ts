import { processSingleton } from "@/lib/process-singleton";

// Token buckets per key in process memory, for generous per-client and per-address limits.
type Bucket = { tokens: number; updated: number };
// Per process: these limits are local to an instance (docs/operations.md#several-instances).
const buckets = processSingleton("token-buckets", () => new Map<string, Bucket>());

export function takeToken(key: string, ratePerSecond: number, burst: number, now = Date.now()): boolean {
  const bucket = buckets.get(key) ?? { tokens: burst, updated: now };
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updated) / 1000) * ratePerSecond);
  bucket.updated = now;
  const allowed = bucket.tokens >= 1;
  if (allowed) bucket.tokens -= 1;
  buckets.set(key, bucket);
  if (buckets.size > 50_000) buckets.clear(); // bounded: forgetting is the generous side
  return allowed;
}
