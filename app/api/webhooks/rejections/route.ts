import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { ApiError } from "@/lib/errors";
import { listRejections } from "@/lib/dashboard/webhooks/record-rejection";

export const dynamic = "force-dynamic";

// GET /api/webhooks/rejections – webhooks refused (bad or missing signature, malformed JSON),
// counted per endpoint, reason and hour, with the latest truncated sample (admins and operators)
export const GET = apiRoute({}, async ({ db, tenant, user }) => {
  if (user.role === "viewer") throw new ApiError("forbidden", "Viewers do not see rejected webhooks");
  return Response.json(await listRejections(db, tenant.id));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
