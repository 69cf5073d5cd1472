import type { z } from "zod";
import { clockRequestSchema, type clockSchema } from "@/lib/service-api/operator-contract";
import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { advanceClientClock } from "@/lib/sandbox/clock";
import { expireUnpaidPayouts } from "@/lib/sandbox/exchanges/expire-payouts";
import { wakeWorker } from "@/lib/sandbox/outbox/wake";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/clients/{client_id}/clock – move the client's own clock forward (0 reads it)
export const POST = operatorRoute(async ({ req, db, params }) => {
  const { advance_seconds } = await readJson(req, clockRequestSchema);
  const now = await advanceClientClock(db, params.client_id ?? "", advance_seconds);
  if (advance_seconds > 0) {
    await expireUnpaidPayouts(db);
    wakeWorker();
  }
  return json({ now: now.toISOString() } satisfies z.input<typeof clockSchema>);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
