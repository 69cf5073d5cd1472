import * as z from "zod/mini";
import { currencies, eventTypes } from "@/lib/service-api/schemas";
import { refundCodes } from "@/lib/service-api/codes";

// Sandbox scenarios (docs/scenarios.md): a JSON document of named steps that create an order,
// pay into it, move its exchange, advance the sandbox's clock and wait for the webhooks that
// follow, with named values a caller may override. A run of one is a durable row; its steps'
// progress reaches the dashboard's live stream as `event: scenario_run`.

const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));
const uuid = z.string().check(z.meta({ format: "uuid" }));

/** A value's name: what `{{name}}` in a step refers to and `set` overrides. */
const valueName = z.string().check(z.regex(/^[a-z][a-z0-9_]{0,39}$/, "lower-case letters, digits and _, from a letter"));
/** `{{name}}`: the whole field takes that value (a number stays a number). */
const reference = z.string().check(z.regex(/^\{\{[a-z][a-z0-9_]{0,39}\}\}$/, "a reference to a value: {{name}}"));
const orValue = <T extends z.core.SomeType>(schema: T) => z.union([schema, reference]);

export const payoutKinds = ["onchain", "lightning"] as const;
/** What a `move` step does to the exchange, each one of the sandbox operator API's events. */
export const moveTargets = [
  "executed",
  "identification_rejected",
  "broadcast",
  "confirmed",
  "payout_paid",
  "payout_failed",
  "refunded",
] as const;
export const paymentOutcomes = ["identification_required", ...refundCodes] as const;
export const stepKinds = ["create_order", "pay", "lnurl_withdraw", "move", "advance_clock", "wait_for_event"] as const;
export type StepKind = (typeof stepKinds)[number];

const stepName = z.string().check(z.regex(/^[a-z][a-z0-9_-]{0,39}$/, "lower-case letters, digits, - and _, from a letter"));
const amount = z.number().check(z.positive()).check(z.maximum(10_000_000));
const currency = z.enum(currencies);
const seconds = z
  .int()
  .check(z.minimum(1))
  .check(z.maximum(10 * 365 * 24 * 3600));
/** A wait holds a job's claim: well below the claim's minute (lib/dashboard/jobs/runner.ts). */
export const MAX_WAIT_SECONDS = 45;
/** The recent runs the Scenarios page shows. */
export const RUNS_SHOWN = 10;
const waitSeconds = z.int().check(z.minimum(1)).check(z.maximum(MAX_WAIT_SECONDS));

const count = z.int().check(z.minimum(1)).check(z.maximum(20));

/** A step with the values put in: what runs. */
export const resolvedStepSchema = z.discriminatedUnion("kind", [
  z.strictObject({ name: stepName, kind: z.literal("create_order"), payout: z.enum(payoutKinds), currency }),
  z.strictObject({
    name: stepName,
    kind: z.literal("pay"),
    amount,
    currency,
    /** The simulated bank's verdict, when not the sandbox's rules (docs/exchange-api.md#operator-api). */
    outcome: z.optional(z.enum(paymentOutcomes)),
  }),
  z.strictObject({ name: stepName, kind: z.literal("lnurl_withdraw") }),
  z.strictObject({
    name: stepName,
    kind: z.literal("move"),
    to: z.enum(moveTargets),
    /** `refunded`: the refund's code (customer_requested when absent). */
    code: z.optional(z.enum(refundCodes)),
  }),
  z.strictObject({ name: stepName, kind: z.literal("advance_clock"), seconds }),
  z.strictObject({
    name: stepName,
    kind: z.literal("wait_for_event"),
    event: z.enum(eventTypes),
    /** Until this many of that type are stored for the run's exchange (1 when absent). */
    count: z.optional(count),
    timeout_seconds: z.optional(waitSeconds),
  }),
]);

/** A step as written: each field but its name and kind literal or `{{name}}`. */
export const scenarioStepSchema = z.discriminatedUnion("kind", [
  z.strictObject({ name: stepName, kind: z.literal("create_order"), payout: orValue(z.enum(payoutKinds)), currency: orValue(currency) }),
  z.strictObject({
    name: stepName,
    kind: z.literal("pay"),
    amount: orValue(amount),
    currency: orValue(currency),
    outcome: z.optional(orValue(z.enum(paymentOutcomes))),
  }),
  z.strictObject({ name: stepName, kind: z.literal("lnurl_withdraw") }),
  z.strictObject({
    name: stepName,
    kind: z.literal("move"),
    to: orValue(z.enum(moveTargets)),
    code: z.optional(orValue(z.enum(refundCodes))),
  }),
  z.strictObject({ name: stepName, kind: z.literal("advance_clock"), seconds: orValue(seconds) }),
  z.strictObject({
    name: stepName,
    kind: z.literal("wait_for_event"),
    event: orValue(z.enum(eventTypes)),
    count: z.optional(orValue(count)),
    timeout_seconds: z.optional(orValue(waitSeconds)),
  }),
]);
export type ResolvedStep = z.infer<typeof resolvedStepSchema>;

export const scenarioValueSchema = z.union([z.string().check(z.maxLength(200)), z.number()]);

export const scenarioSchema = z
  .strictObject({
    name: stepName,
    description: z.string().check(z.minLength(1)).check(z.maxLength(1000)),
    values: z.optional(z.record(valueName, scenarioValueSchema)),
    steps: z.array(scenarioStepSchema).check(z.minLength(1)).check(z.maxLength(40)),
  })
  .check(z.meta({ description: "A sandbox scenario (docs/scenarios.md)" }));
export type Scenario = z.infer<typeof scenarioSchema>;

/** The built-in scenarios (lib/dashboard/scenarios/built-ins.ts), each with its description in the catalogues. */
export const builtInNames = [
  "onchain-buy-settled",
  "lightning-lnurl-withdraw",
  "identification-then-executed",
  "payout-failed-refunded",
  "below-minimum-refunded",
  "standing-order-three-payments",
] as const;

/** A built-in scenario as GET /api/sandbox/scenarios lists it: its document, and the webhooks it makes in order. */
export const builtInScenarioSchema = z.object({
  name: z.string(),
  description: z.string(),
  values: z.record(z.string(), scenarioValueSchema),
  steps: z.array(scenarioStepSchema),
  /** The webhooks the run's exchanges produce, in order (a standing order's exchanges one after another). */
  events: z.array(z.enum(eventTypes)),
});
export type BuiltInScenario = z.infer<typeof builtInScenarioSchema>;
export const scenarioListSchema = z.object({ data: z.array(builtInScenarioSchema) });
export type ScenarioList = z.infer<typeof scenarioListSchema>;

export const scenarioRunCreateSchema = z.strictObject({
  set: z.optional(z.record(z.string().check(z.maxLength(40)), scenarioValueSchema)),
  /** Only with the name `custom`: the document to run. */
  document: z.optional(scenarioSchema),
});
export type ScenarioRunCreate = z.infer<typeof scenarioRunCreateSchema>;

export const runStatuses = ["running", "succeeded", "failed"] as const;
export type RunStatus = (typeof runStatuses)[number];
export const stepStatuses = ["pending", "running", "succeeded", "failed"] as const;

/** Why a step failed, as figures a page can say in its reader's language (`error` says it in English). */
export const stepFailureSchema = z.discriminatedUnion("code", [
  /** wait_for_event: fewer events than awaited were stored within the step's time. */
  z.object({ code: z.literal("event_timeout"), event: z.string(), stored: z.number(), count: z.number(), seconds: z.number() }),
  /** The service refused a call of the step. */
  z.object({ code: z.literal("upstream_refused"), method: z.string(), path: z.string(), status: z.number(), error: z.string() }),
  /** The step needs what an earlier step makes (an order, an exchange, an invoice), and none made it. */
  z.object({ code: z.literal("step_missing"), needs: z.enum(["create_order", "pay", "lnurl_withdraw"]) }),
  /** lnurl_withdraw on an order that is not a Lightning order. */
  z.object({ code: z.literal("not_lightning") }),
  /** lnurl_withdraw on an exchange that offers no LNURL-withdraw (it awaits no Lightning payout). */
  z.object({ code: z.literal("no_lnurl_withdraw") }),
  /** The exchange's LNURL did not answer with a withdrawRequest. */
  z.object({ code: z.literal("lnurl_no_request") }),
  /** The LNURL-withdraw callback refused the invoice, for its reason. */
  z.object({ code: z.literal("lnurl_refused"), reason: z.string() }),
]);
export type StepFailure = z.infer<typeof stepFailureSchema>;

export const runStepSchema = z.object({
  name: z.string(),
  kind: z.enum(stepKinds),
  status: z.enum(stepStatuses),
  /** What the step made or saw: an order's id, an exchange's id and state, the stored events' cursors. */
  result: z.optional(z.record(z.string(), z.unknown())),
  error: z.optional(z.string()),
  failure: z.optional(stepFailureSchema),
  started_at: z.optional(isoTimestamp),
  finished_at: z.optional(isoTimestamp),
});
export type RunStep = z.infer<typeof runStepSchema>;

export const scenarioRunSchema = z
  .object({
    id: uuid,
    scenario: z.string(),
    /** A custom run's document's own name; null for a built-in (and for custom runs started before it was kept). */
    document_name: z.nullable(z.string()),
    status: z.enum(runStatuses),
    /** The exchange the last payment made (the one `move` and `wait_for_event` act on). */
    exchange_id: z.nullable(uuid),
    order_id: z.nullable(uuid),
    steps: z.array(runStepSchema),
    created_at: isoTimestamp,
    finished_at: z.nullable(isoTimestamp),
  })
  .check(z.meta({ id: "ScenarioRun" }));
export type ScenarioRun = z.infer<typeof scenarioRunSchema>;
export const scenarioRunListSchema = z.object({ data: z.array(scenarioRunSchema) });
export type ScenarioRunList = z.infer<typeof scenarioRunListSchema>;

export const scenarioRunListQuerySchema = z.object({
  limit: z
    ._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20)
    .check(z.meta({ description: "How many of the newest runs, 1 to 100" })),
});

/** `event: scenario_run` of GET /api/events (no SSE id): a run of the tenant moved on; its page asks for it again. */
export const scenarioRunFrameSchema = z
  .object({ id: uuid, status: z.enum(runStatuses) })
  .check(z.meta({ description: "data of `event: scenario_run` (no SSE id)" }));
export type ScenarioRunFrame = z.infer<typeof scenarioRunFrameSchema>;
