import "server-only";
import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { getDb, type Db } from "@/lib/db/client";
import { lnurlError } from "./lnurl-service";
import { errorStack, logger } from "@/lib/log";
import { routeParams, type RouteContext } from "@/lib/http/route-params";

const log = logger("sandbox-lnurl");

const CORS = { "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store" };

/** LNURL responses: JSON with CORS for browser wallets; every failure an LNURL error body. */
export function lnurlRoute(handler: (ctx: { req: Request; db: Db; params: Record<string, string>; url: URL }) => Promise<unknown>) {
  return async (req: Request, context: RouteContext): Promise<Response> => {
    try {
      if (!env().sandboxEnabled) return Response.json(lnurlError("Not found"), { status: 404, headers: CORS });
      const params = await routeParams(req, context);
      const body = await handler({ req, db: await getDb(), params, url: new URL(req.url) });
      return Response.json(body, { headers: CORS });
    } catch (error) {
      if (error instanceof ApiError) {
        // an unknown Lightning Address is a 404, as a web server would answer; other refusals are
        // LNURL error bodies with 200, as wallets expect
        const status = error.code === "not_found" ? 404 : 200;
        return Response.json(lnurlError(`${error.code}: ${error.message}`), { status, headers: CORS });
      }
      const id = randomUUID();
      log.error({ err: errorStack(error), lnurl_request: id }, "an LNURL request failed");
      return Response.json(lnurlError(`Unexpected error (${id})`), { status: 500, headers: CORS });
    }
  };
}

export function lnurlOptions(): Response {
  return new Response(null, {
    status: 204,
    headers: { ...CORS, "Access-Control-Allow-Methods": "GET, OPTIONS", "Access-Control-Allow-Headers": "*" },
  });
}
