import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { consoleExchanges } from "@/lib/dashboard/console/console";
import { consoleExchangeQuerySchema } from "@/lib/dashboard/contract/console-api";

export const dynamic = "force-dynamic";

// GET /api/operator/exchanges?tenant_id=&state=&cursor=&limit= – exchanges of every tenant, newest first
export const GET = apiRoute({ roles: ["operator"], scope: "global" }, async ({ req, db }) =>
  Response.json(await consoleExchanges(db, consoleExchangeQuerySchema.parse(searchParams(req)))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
