import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { ApiError } from "@/lib/errors";
import { requestLogDetail } from "@/lib/dashboard/request-logs/list-logs";
import { operatorViewer } from "@/lib/dashboard/request-logs/viewer";

export const dynamic = "force-dynamic";

// GET /api/operator/request-logs/{id} – one sandbox call of any client, with its headers and bodies (operators)
export const GET = apiRoute({ roles: ["operator"], scope: "global" }, async ({ db, params }) => {
  const id = /^[1-9]\d{0,15}$/.test(params.id ?? "") ? Number(params.id) : null;
  if (id === null) throw new ApiError("not_found", "No such request log entry");
  return Response.json(await requestLogDetail(db, operatorViewer(null), id));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
