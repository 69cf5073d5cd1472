/**
 * Writes one line to standard output. For lines written per request on hot paths (each webhook
 * received): Next.js wraps `console` with helpers of its own that cost more than the write
 * itself, a measurable share of a webhook's time under load (see the README's profile).
 */
export function logLine(line: string): void {
  process.stdout.write(`${line}\n`);
}
