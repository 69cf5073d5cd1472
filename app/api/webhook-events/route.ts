import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { webhookEventQuerySchema } from "@/lib/dashboard/contract/events-api";
import { listWebhookEvents } from "@/lib/dashboard/webhooks/list-events";

export const dynamic = "force-dynamic";

// GET /api/webhook-events?type=&exchange_id=&range=&from=&to=&sort=&before=&after=&limit= – received webhooks
export const GET = apiRoute({}, async ({ req, db, tenant }) =>
  Response.json(await listWebhookEvents(db, tenant, parseOrThrow(webhookEventQuerySchema, searchParams(req)))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
