import "server-only";
import { z } from "zod";
import { clockRequestSchema, clockResetSchema, clockSchema } from "@/lib/service-api/operator-contract";
import { json } from "../http";
import { endpoint } from "../endpoint";
import { operatorErrors } from "../error-sets";
import { advanceClientClock, advanceClock, clientClockToShared, clientNow, sandboxNow, sharedClockToPresent } from "../clock";
import { expireUnpaidPayouts } from "../exchanges/expire-payouts";
import { wakeWorker } from "../outbox/wake";

// The operator API's clocks: the shared one, which the operator's own clients follow, and each
// client's own (docs/sandbox.md).

const tag = "operator";

// POST /sandbox/operator/clock – move the sandbox clock forward (0 reads it)
export const advanceClockEndpoint = endpoint({
  method: "POST",
  path: "/operator/clock",
  access: "operator",
  body: { schema: clockRequestSchema, example: { advance_seconds: 600 } },
  doc: {
    operationId: "advanceClock",
    summary: "Move the shared clock forward",
    description:
      "The shared clock, with each client's own clock running on it, governs every expiry, timestamp and retry of the " +
      "sandbox. `advance_seconds: 0` reads it. No clock may run more than 366 days ahead of real time: a move past that is " +
      "409 clock_limit (docs/sandbox.md#clocks).",
    tag,
    success: { status: 200, description: "The shared clock's time", schema: clockSchema },
    errors: [...operatorErrors, "clock_limit"],
  },
  handler: async ({ db, body: { advance_seconds } }) => {
    const now = await advanceClock(db, advance_seconds);
    if (advance_seconds > 0) {
      await expireUnpaidPayouts(db);
      wakeWorker();
    }
    return json({ now: now.toISOString() } satisfies z.input<typeof clockSchema>);
  },
});

// POST /sandbox/operator/clock/reset – put the shared clock back to the present, its objects kept consistent
export const resetClockEndpoint = endpoint({
  method: "POST",
  path: "/operator/clock/reset",
  access: "operator",
  doc: {
    operationId: "resetClock",
    summary: "Put the shared clock back to the present",
    description:
      "For a clock that ran ahead: what happened in the time skipped is dated at the present at the latest, what was to come " +
      "(expiries, webhook retries) stays as far away as it was. Each client's own clock keeps its lead on the shared one.",
    tag,
    success: { status: 200, description: "The shared clock's time, and how far it went back", schema: clockResetSchema },
    errors: ["unauthorized"],
  },
  handler: async ({ db }) => {
    const moved = await sharedClockToPresent(db);
    wakeWorker();
    const now = await sandboxNow(db);
    return json({ now: now.toISOString(), moved_back_seconds: Math.round(moved / 1000) } satisfies z.input<typeof clockResetSchema>);
  },
});

// POST /sandbox/operator/clients/{client_id}/clock – move the client's own clock forward (0 reads it)
export const advanceClientClockEndpoint = endpoint({
  method: "POST",
  path: "/operator/clients/{client_id}/clock",
  access: "operator",
  body: { schema: clockRequestSchema, example: { advance_seconds: 60 } },
  doc: {
    operationId: "advanceClientClock",
    summary: "Move one client's own clock forward",
    description:
      "Only this client's time moves: its objects' expiries and its webhooks' retries, no other client's. `advance_seconds: 0` " +
      "reads it. At most 366 days ahead of real time, and at most 30 days of moves in any 24 hours: a move past either is " +
      "409 clock_limit naming it.",
    tag,
    pathParams: { client_id: "The client's client_id" },
    success: { status: 200, description: "The client's time", schema: clockSchema },
    errors: [...operatorErrors, "not_found", "clock_limit"],
  },
  handler: async ({ db, params, body: { advance_seconds } }) => {
    const now = await advanceClientClock(db, params.client_id ?? "", advance_seconds);
    if (advance_seconds > 0) {
      await expireUnpaidPayouts(db);
      wakeWorker();
    }
    return json({ now: now.toISOString() } satisfies z.input<typeof clockSchema>);
  },
});

// POST /sandbox/operator/clients/{client_id}/clock/reset – put the client's own clock back to the shared one
export const resetClientClockEndpoint = endpoint({
  method: "POST",
  path: "/operator/clients/{client_id}/clock/reset",
  access: "operator",
  doc: {
    operationId: "resetClientClock",
    summary: "Put one client's own clock back to the shared clock",
    description: "The client's objects are mended as for the shared clock's reset; no other client's change.",
    tag,
    pathParams: { client_id: "The client's client_id" },
    success: { status: 200, description: "The client's time, and how far it went back", schema: clockResetSchema },
    errors: ["unauthorized", "not_found"],
  },
  handler: async ({ db, params }) => {
    const clientId = params.client_id ?? "";
    const moved = await clientClockToShared(db, clientId);
    wakeWorker();
    const now = await clientNow(db, clientId);
    return json({ now: now.toISOString(), moved_back_seconds: Math.round(moved / 1000) } satisfies z.input<typeof clockResetSchema>);
  },
});
