import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { ApiError } from "@/lib/errors";
import { webhookEventDetail } from "@/lib/dashboard/webhooks/list-events";

export const dynamic = "force-dynamic";

// GET /api/webhook-events/{seq} – one received webhook with the headers kept and its raw body
export const GET = apiRoute({}, async ({ db, tenant, params }) => {
  const seq = /^[1-9]\d{0,15}$/.test(params.seq ?? "") ? Number(params.seq) : null;
  if (seq === null) throw new ApiError("not_found", "No such event");
  return Response.json(await webhookEventDetail(db, tenant.id, seq));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
