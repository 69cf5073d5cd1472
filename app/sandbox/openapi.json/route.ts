import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { documentationBase, errorResponse, otherMethods } from "@/lib/sandbox/http";
import { openApiDocument } from "@/lib/sandbox/openapi";

export const dynamic = "force-dynamic";

// GET /sandbox/openapi.json
export function GET(req: Request) {
  if (!env().sandboxEnabled) return errorResponse(new ApiError("not_found", "The sandbox is switched off"), "openapi", undefined, req);
  return Response.json(openApiDocument(env().sandboxPublicUrl, documentationBase()));
}

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
