import "server-only";
import { getDb, type Db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { clientAddress } from "@/lib/dashboard/auth/client-address";
import { takeToken } from "@/lib/rate-limit/token-bucket";
import { publicServiceTime } from "@/lib/dashboard/payout-links/load-view";
import { apiErrorResponse, noStore } from "./route";
import { requestOrigin } from "@/lib/http/request-origin";
import { routeParams, type RouteContext } from "@/lib/http/route-params";
import { requestId as currentRequestId } from "@/lib/log";
import { JSON_BODY_LIMIT } from "@/lib/http/read-body";

/** A body costs one token more per this many bytes (declared; an undeclared one counts as the largest a route reads). */
const BYTES_PER_TOKEN = 8 * 1024;

/**
 * What a request costs of its address's allowance: one, and one more per whole 8 KiB of body, so
 * that large bodies (a 64 KiB one costs 9) meet the limit long before small ones (one each) do.
 */
export function requestCost(req: Request): number {
  if (req.method === "GET" || req.method === "HEAD") return 1;
  const declared = req.headers.get("content-length");
  const bytes = declared === null ? (req.body ? JSON_BODY_LIMIT : 0) : Math.min(Number(declared) || 0, JSON_BODY_LIMIT);
  return 1 + Math.floor(bytes / BYTES_PER_TOKEN);
}

/**
 * The end user's allowance, per address: 10 tokens a second, 60 at once, whichever instance
 * answers; a request takes `cost` of them (requestCost). The payout page's render takes one too.
 */
export function takePublicToken(db: Db, headers: Headers, cost = 1): Promise<boolean> {
  return takeToken(db, `public:${clientAddress(headers)}`, 10, 60, cost);
}

/** A route without sign-in (the end user's payout page): rate-limited per address. */
export function publicRoute(handler: (ctx: { req: Request; params: Record<string, string>; db: Db }) => Promise<Response>) {
  return async (req: Request, context: RouteContext): Promise<Response> => {
    const requestId = currentRequestId();
    try {
      if (!(await takePublicToken(await getDb(), req.headers, requestCost(req)))) throw new ApiError("rate_limited", "Too many requests");
      const params = await routeParams(req, context);
      const response = await handler({ req, params, db: await getDb() });
      // the service's time for the page's countdowns (every tenant's upstream is the same service here)
      const now = await publicServiceTime(await getDb());
      if (now) response.headers.set("X-Service-Time", now.toISOString());
      return noStore(response);
    } catch (error) {
      return apiErrorResponse(error, requestId, requestOrigin(req)).response;
    }
  };
}
