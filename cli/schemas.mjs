import { z } from "zod";

// The dashboard's answers as this command line reads them: each parsed before use, so that a
// dashboard of another version fails with a clear message, not with a wrong line. They are the
// parts of the contract (lib/dashboard/contract) the commands need, loose where the dashboard
// may add fields; the command line runs on plain Node.js and cannot import the TypeScript.

export const errorBodySchema = z.looseObject({ error: z.string(), details: z.array(z.looseObject({ message: z.string() })).optional() });

export const webhookFrameSchema = z.looseObject({
  seq: z.number().int(),
  event: z.string().nullable(),
  exchange_id: z.string().nullable(),
  order_id: z.string().nullable(),
  received_at: z.string(),
});

export const webhookEventItemSchema = z.looseObject({
  seq: z.number().int(),
  event: z.string().nullable(),
  exchange_id: z.string().nullable(),
  order_id: z.string().nullable(),
  correlation_id: z.string().nullable(),
  retry_count: z.number().int().nullable(),
  received_at: z.string(),
});

export const webhookEventPageSchema = z.looseObject({ data: z.array(webhookEventItemSchema), next_before: z.number().int().nullable() });

export const webhookEventDetailSchema = webhookEventItemSchema.extend({ headers: z.record(z.string(), z.string()), raw_body: z.string() });

export const webhookHealthSchema = z.looseObject({ webhook_url: z.string() });

export const eventResentSchema = z.looseObject({ seq: z.number().int(), forwarding_deliveries: z.number().int() });

/** GET /api/forwarding/endpoints, as far as `events resend` reads it. */
export const endpointListSchema = z.looseObject({
  data: z.array(z.looseObject({ enabled: z.boolean(), event_types: z.array(z.string()).nullable() })),
});

export const requestLogFrameSchema = z.looseObject({ id: z.number().int(), count: z.number().int() });

export const requestLogItemSchema = z.looseObject({
  id: z.number().int(),
  source: z.string(),
  created_at: z.string(),
  method: z.string(),
  path: z.string(),
  query: z.string().nullable(),
  status: z.number().int(),
  error_code: z.string().nullable(),
  duration_ms: z.number().int(),
});

export const requestLogPageSchema = z.looseObject({ data: z.array(requestLogItemSchema), next_before: z.number().int().nullable() });

const scenarioStepSchema = z.looseObject({
  name: z.string(),
  kind: z.string(),
  status: z.string(),
  result: z.unknown().optional(),
  error: z.unknown().optional(),
});

export const scenarioRunSchema = z.looseObject({
  id: z.string(),
  scenario: z.string(),
  status: z.enum(["running", "succeeded", "failed"]),
  exchange_id: z.string().nullable(),
  steps: z.array(scenarioStepSchema),
});

/** A step's result that names an exchange (a payment's). */
export const exchangeIdSchema = z.looseObject({ exchange_id: z.string() });

/** GET /api/sandbox/scenarios: the built-ins the dashboard runs. */
export const scenarioListSchema = z.looseObject({ data: z.array(z.looseObject({ name: z.string() })) });

/** `event: scenario_run`: names the run that moved (the rest is read from the run itself). */
export const scenarioRunFrameSchema = z.looseObject({ id: z.string() });
