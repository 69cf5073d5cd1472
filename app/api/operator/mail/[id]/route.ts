import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { ApiError } from "@/lib/errors";
import { consoleMailDetail } from "@/lib/dashboard/mail/outbox";

export const dynamic = "force-dynamic";

// GET /api/operator/mail/{id} – one mail: its plain-text and HTML parts and its extra headers
export const GET = apiRoute({ roles: ["operator"], scope: "global" }, async ({ db, params }) => {
  const mail = await consoleMailDetail(db, pathId("mail", params.id));
  if (!mail) throw new ApiError("not_found", "No such mail");
  return Response.json(mail);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
