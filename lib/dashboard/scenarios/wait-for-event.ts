import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { webhookEvents } from "@/lib/db/schema";
import { subscribe } from "@/lib/dashboard/events/bus";
import type { StepFailure } from "@/lib/dashboard/contract/scenarios-api";
import { StepFailed } from "./step-failed";

// A scenario's wait for a webhook: until the dashboard has stored `count` events of a type for
// the exchange, as received from the service. It listens on the live-update bus, which every
// instance hears, and reads the store at the start and after each of the tenant's webhook
// notices of that exchange (or a gap in the notices), so nothing stored in between is missed.

type Wait = { tenantId: string; exchangeId: string; event: string; count: number; timeoutMs: number };

export class WaitTimedOut extends StepFailed {
  constructor(failure: Extract<StepFailure, { code: "event_timeout" }>) {
    super(failure, `${failure.stored} of ${failure.count} ${failure.event} stored for the exchange within ${failure.seconds} s`);
    this.name = "WaitTimedOut";
  }
}

/** The cursors (`seq`) of the first `count` such events, oldest first. */
export async function waitForEvents(db: Db, { tenantId, exchangeId, event, count, timeoutMs }: Wait): Promise<number[]> {
  let wake = () => {};
  const unsubscribe = await subscribe(tenantId, (notice) => {
    if (notice === null || (notice.kind === "webhook" && notice.exchange_id === exchangeId)) wake();
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    for (;;) {
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
      });
      const stored = await db
        .select({ seq: webhookEvents.seq })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.tenantId, tenantId), eq(webhookEvents.exchangeId, exchangeId), eq(webhookEvents.eventType, event)))
        .orderBy(asc(webhookEvents.seq))
        .limit(count);
      if (stored.length >= count) return stored.map((row) => row.seq);
      if ((await Promise.race([woken, timedOut])) === "timeout") {
        throw new WaitTimedOut({ code: "event_timeout", event, stored: stored.length, count, seconds: timeoutMs / 1000 });
      }
    }
  } finally {
    clearTimeout(timer);
    unsubscribe();
  }
}
