import type { z } from "zod";
import type { clockResetSchema } from "@/lib/service-api/operator-contract";
import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { clientClockToShared, clientNow } from "@/lib/sandbox/clock";
import { wakeWorker } from "@/lib/sandbox/outbox/wake";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/clients/{client_id}/clock/reset – put the client's own clock back to the shared one
export const POST = operatorRoute(async ({ db, params }) => {
  const clientId = params.client_id ?? "";
  const moved = await clientClockToShared(db, clientId);
  wakeWorker();
  const now = await clientNow(db, clientId);
  return json({ now: now.toISOString(), moved_back_seconds: Math.round(moved / 1000) } satisfies z.input<typeof clockResetSchema>);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
