// One attempt of a webhook delivery as an API shows it: the sandbox's (the operator API's
// `history`, lib/service-api/operator-contract.ts) and the dashboard's forwarding log (its
// `attempt_log`, which adds the answer's body). Both tables keep an attempt in the same columns;
// this imports nothing of either program.

/** An attempt's row, of sandbox_delivery_attempts or forwarding_attempts. */
type AttemptRow = { attempt: number; startedAt: Date; durationMs: number; statusCode: number | null; error: string | null };

export const attemptView = (a: AttemptRow) => ({
  attempt: a.attempt,
  started_at: a.startedAt.toISOString(),
  duration_ms: a.durationMs,
  status_code: a.statusCode,
  error: a.error,
});
