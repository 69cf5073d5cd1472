import { z } from "zod";
import { json, operatorRoute, otherMethods, readJson } from "@/lib/sandbox/http";
import { parseOrThrow } from "@/lib/errors";
import { advanceClock } from "@/lib/sandbox/clock";
import { expireUnpaidPayouts } from "@/lib/sandbox/exchanges/expire-payouts";
import { wakeWorker } from "@/lib/sandbox/outbox/wake";

export const dynamic = "force-dynamic";

const clockSchema = z.strictObject({ advance_seconds: z.number().min(0).max(10 * 365 * 24 * 3600) });

// POST /sandbox/operator/clock – move the sandbox clock forward (0 reads it)
export const POST = operatorRoute(async ({ req, db }) => {
  const { advance_seconds } = parseOrThrow(clockSchema, await readJson(req));
  const now = await advanceClock(db, advance_seconds);
  if (advance_seconds > 0) {
    await expireUnpaidPayouts(db);
    wakeWorker();
  }
  return json({ now: now.toISOString() });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
