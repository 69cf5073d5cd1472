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

/**
 * The end user's allowance, per address: 10 requests a second, 60 at once, whichever instance
 * answers. The payout page's render takes one too.
 */
export function takePublicToken(db: Db, headers: Headers): Promise<boolean> {
  return takeToken(db, `public:${clientAddress(headers)}`, 10, 60);
}

/** A route without sign-in (the end user's payout page): rate-limited per address. */
export function publicRoute(handler: (ctx: { req: Request; params: Record<string, string>; db: Db }) => Promise<Response>) {
  return async (req: Request, context: RouteContext): Promise<Response> => {
    const requestId = currentRequestId();
    try {
      if (!(await takePublicToken(await getDb(), req.headers))) throw new ApiError("rate_limited", "Too many requests");
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
