import { randomUUID } from "node:crypto";
import { apiErrorResponse } from "@/lib/dashboard/api/route";
import { requestOrigin } from "@/lib/http/request-origin";
import { ApiError } from "@/lib/errors";

export const dynamic = "force-dynamic";

// Anything else under /api: a JSON 404, never an HTML page.
const notFound = async (req: Request) =>
  apiErrorResponse(new ApiError("not_found", "No such endpoint"), randomUUID(), requestOrigin(req)).response;

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
