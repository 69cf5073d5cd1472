import "server-only";
import { randomUUID } from "node:crypto";
import { getDb, type Db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { clientAddress } from "@/lib/auth/client-address";
import { takeToken } from "@/lib/rate-limit/token-bucket";
import { allTenants } from "@/lib/auth/tenants";
import { serviceTime } from "@/lib/exchange/client";
import { apiErrorResponse, noStore } from "./route";
import { requestOrigin } from "./request-origin";
import { routeParams, type RouteContext } from "@/lib/http/route-params";

/** A route without sign-in (the end user's payout page): rate-limited per address. */
export function publicRoute(handler: (ctx: { req: Request; params: Record<string, string>; db: Db }) => Promise<Response>) {
  return async (req: Request, context: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    try {
      if (!takeToken(`public:${clientAddress(req.headers)}`, 10, 60)) throw new ApiError("rate_limited", "Too many requests");
      const params = await routeParams(context);
      const response = await handler({ req, params, db: await getDb() });
      // the service's time for the page's countdowns (every tenant's upstream is the same service here)
      const tenants = await allTenants(await getDb());
      const upstream = tenants.find((t) => t.isDefault) ?? tenants[0];
      if (upstream) response.headers.set("X-Service-Time", serviceTime(upstream.baseUrl).toISOString());
      return noStore(response);
    } catch (error) {
      return apiErrorResponse(error, requestId, requestOrigin(req)).response;
    }
  };
}
