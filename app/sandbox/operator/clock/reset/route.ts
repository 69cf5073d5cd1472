import type { z } from "zod";
import type { clockResetSchema } from "@/lib/service-api/operator-contract";
import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { sandboxNow, sharedClockToPresent } from "@/lib/sandbox/clock";
import { wakeWorker } from "@/lib/sandbox/outbox/wake";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/clock/reset – put the shared clock back to the present, its objects kept consistent
export const POST = operatorRoute(async ({ db }) => {
  const moved = await sharedClockToPresent(db);
  wakeWorker();
  const now = await sandboxNow(db);
  return json({ now: now.toISOString(), moved_back_seconds: Math.round(moved / 1000) } satisfies z.input<typeof clockResetSchema>);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
