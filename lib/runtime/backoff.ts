/** Capped exponential backoff: `firstMs` before the second attempt, doubling, never over `maxMs`. */
export function backoffMs(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(firstMs * 2 ** attempt, maxMs);
}
