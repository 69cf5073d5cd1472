import { z } from "zod";
import { exchangeSchema, orderSchema } from "@/lib/exchange/schemas";

// Shapes of the dashboard's own list endpoints (the v1 objects come from lib/exchange).

export const exchangeListItemSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  state: z.string(),
  first_seen_at: z.string(),
  refreshed_at: z.string().nullable(),
  exchange: exchangeSchema.nullable(),
});
export type ExchangeListItem = z.infer<typeof exchangeListItemSchema>;

export const orderPageSchema = z.object({ data: z.array(orderSchema), next_cursor: z.string().nullable() });
export const exchangePageSchema = z.object({ data: z.array(exchangeListItemSchema), next_cursor: z.string().nullable() });

export const overviewSchema = z.object({
  today: z.string(),
  counts: z.record(z.string(), z.number()),
  daily: z.array(z.object({ day: z.string(), pair: z.string(), volume: z.number(), fees: z.number(), count: z.number() })),
  latest: z.array(exchangeListItemSchema),
});

export const storedEventSchema = z.object({
  seq: z.number(),
  event: z.string().nullable(),
  received_at: z.string(),
  correlation_id: z.string().nullable(),
  retry_count: z.number().nullable(),
  user_agent: z.string().nullable(),
  body: z.unknown(),
});
export const storedEventsSchema = z.object({ data: z.array(storedEventSchema) });
export type StoredEvent = z.infer<typeof storedEventSchema>;
