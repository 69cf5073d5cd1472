import { z } from "zod";
import { exchangeStates } from "@/lib/exchange/schemas";

// Bodies of the sandbox's operator API and LNURL endpoints that lib/exchange (the v1 contract)
// does not describe. Requests are parsed with the schemas beside their handlers; these are the
// answers, for the OpenAPI document and for clients that parse them (the test suites).

export const clockRequestSchema = z.strictObject({
  advance_seconds: z
    .number()
    .min(0)
    .max(10 * 365 * 24 * 3600),
});
export const clockSchema = z.object({ now: z.string().meta({ format: "date-time" }) });

export const clientCreatedSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  affiliate_ids: z.array(z.string().meta({ format: "uuid" })),
});
export const webhookEndpointsResultSchema = z.object({
  client_id: z.string(),
  endpoints: z.array(z.object({ id: z.string().meta({ format: "uuid" }), url: z.string() })),
});
export const paymentResultSchema = z.object({ exchange_id: z.string().meta({ format: "uuid" }), state: z.enum(exchangeStates) });

export const deliverySchema = z.object({
  id: z.string().meta({ format: "uuid" }),
  event_id: z.string().meta({ format: "uuid" }),
  event: z.string(),
  exchange_id: z.string().meta({ format: "uuid" }),
  correlation_id: z.string().meta({ format: "uuid" }),
  url: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_on: z.string(),
  /** The signed body, as sent. */
  body: z.string(),
  history: z.array(
    z.object({
      attempt: z.number().int(),
      started_at: z.string(),
      duration_ms: z.number().int(),
      status_code: z.number().int().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export const deliveriesSchema = z.object({ deliveries: z.array(deliverySchema) });

export const deliveryRunSchema = z.object({
  attempted: z.number().int(),
  delivered: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
});

export const runtimeSchema = z.object({
  collected: z.boolean(),
  rss: z.number().int(),
  heap_used: z.number().int(),
  heap_total: z.number().int(),
  external: z.number().int(),
  array_buffers: z.number().int(),
  uptime_s: z.number().int(),
});

export const lnurlWithdrawRequestSchema = z.object({
  tag: z.literal("withdrawRequest"),
  callback: z.string(),
  k1: z.string(),
  defaultDescription: z.string(),
  minWithdrawable: z.number().int(),
  maxWithdrawable: z.number().int(),
});
export const lnurlChannelRequestSchema = z.object({
  tag: z.literal("channelRequest"),
  uri: z.string(),
  callback: z.string(),
  k1: z.string(),
});
/** LNURL's own answers: errors are HTTP 200 with status ERROR, as wallets expect. */
export const lnurlStatusSchema = z.object({ status: z.enum(["OK", "ERROR"]), reason: z.string().optional() });
