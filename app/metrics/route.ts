import { timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { apiErrorResponse, otherMethods } from "@/lib/dashboard/api/route";
import { requestOrigin } from "@/lib/http/request-origin";
import { ApiError } from "@/lib/errors";
import { requestId } from "@/lib/log";

export const dynamic = "force-dynamic";

function bearerMatches(header: string | null, token: string): boolean {
  const given = Buffer.from(header?.match(/^Bearer (.+)$/i)?.[1] ?? "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

// GET /metrics – this instance's metrics in the Prometheus text format, for a scraper holding
// METRICS_TOKEN as a bearer token; 404 while METRICS_TOKEN is not set, 401 without the token
export async function GET(req: Request) {
  const token = env().metricsToken;
  const refuse = (error: ApiError) => apiErrorResponse(error, requestId(), requestOrigin(req)).response;
  if (!token) return refuse(new ApiError("not_found", "Metrics are off: set METRICS_TOKEN"));
  if (!bearerMatches(req.headers.get("authorization"), token)) {
    return refuse(
      new ApiError("unauthorized", "Send Authorization: Bearer <METRICS_TOKEN>", undefined, {
        "WWW-Authenticate": 'Bearer realm="metrics"',
      }),
    );
  }
  const { registry } = serverRuntime();
  return new Response(await registry.metrics(), { headers: { "Cache-Control": "no-store", "Content-Type": registry.contentType } });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
