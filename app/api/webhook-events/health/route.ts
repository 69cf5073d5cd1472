import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { requestOrigin } from "@/lib/http/request-origin";
import { webhookUrl } from "@/lib/dashboard/auth/webhook-url";
import { webhookHealth } from "@/lib/dashboard/webhooks/list-events";

export const dynamic = "force-dynamic";

// GET /api/webhook-events/health – the URL to register, the last event, rejections in 24 h
export const GET = apiRoute({}, async ({ req, db, tenant }) =>
  Response.json(await webhookHealth(db, tenant.id, webhookUrl(requestOrigin(req), tenant))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
