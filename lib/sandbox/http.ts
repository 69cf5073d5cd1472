import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { env } from "@/lib/env";
import { ApiError, errorBody, invalidRequest } from "@/lib/errors";
import { getDb, type Db } from "@/lib/db/client";
import { authenticateClient, authenticateOperator } from "./auth";
import { takeClientToken } from "./rate-limit";
import { lastKnownSandboxNow } from "./clock";

export const MAX_BODY_BYTES = 64 * 1024;

type Params = Record<string, string | string[]>;
type RouteContext = { params?: Promise<Params | undefined> };

export type SandboxContext = {
  req: Request;
  params: Record<string, string>;
  db: Db;
  requestId: string;
};

export function documentationBase(): string {
  return `${env().sandboxPublicUrl}/docs/errors`;
}

export function errorResponse(error: unknown, requestId: string, headers?: HeadersInit): Response {
  let apiError: ApiError;
  if (error instanceof ApiError) apiError = error;
  else if (error instanceof z.ZodError) apiError = invalidRequest(error);
  else {
    console.error(`[sandbox] request ${requestId} failed:`, error instanceof Error ? error.stack : error);
    apiError = new ApiError("internal_error", "Unexpected error");
  }
  const response = Response.json(errorBody(apiError, documentationBase()), { status: apiError.status, headers });
  response.headers.set("X-Request-Id", requestId);
  return response;
}

function flatten(params: Params): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
}

/** Wraps a sandbox route: 404 when the sandbox is off, errors turned into JSON bodies. */
export function sandboxRoute(handler: (ctx: SandboxContext) => Promise<Response>) {
  return async (req: Request, context: RouteContext): Promise<Response> => {
    const requestId = req.headers.get("x-request-id") ?? randomUUID();
    try {
      if (!env().sandboxEnabled) throw new ApiError("not_found", "The sandbox is switched off");
      const params = flatten((await context?.params) ?? {});
      const db = await getDb();
      const response = await handler({ req, params, db, requestId });
      // the sandbox's own time (its clock may have been moved forward) for clients that mind expiries
      response.headers.set("Date", (await lastKnownSandboxNow(db)).toUTCString());
      return response;
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}

/** A route of the REST API v1: the caller is an API client (Authorization: client_id …). */
export function clientRoute(handler: (ctx: SandboxContext & { clientId: string }) => Promise<Response>) {
  return sandboxRoute(async (ctx) => {
    const clientId = await authenticateClient(ctx.db, ctx.req.headers.get("authorization"));
    if (!takeClientToken(clientId)) throw new ApiError("rate_limited", "Too many requests");
    return handler({ ...ctx, clientId });
  });
}

/** A route of the operator API: Authorization: Bearer SANDBOX_OPERATOR_KEY. */
export function operatorRoute(handler: (ctx: SandboxContext) => Promise<Response>) {
  return sandboxRoute(async (ctx) => {
    authenticateOperator(ctx.req.headers.get("authorization"));
    return handler(ctx);
  });
}

/**
 * Reads a JSON body of at most 64 KiB. An empty body reads as `{}` (POST /v1/challenges
 * is often sent without one); any other body must be declared application/json.
 */
export async function readJson(req: Request): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError("payload_too_large", "The body exceeds 64 KiB");
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        throw new ApiError("payload_too_large", "The body exceeds 64 KiB");
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return {};
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/([a-z.+-]*\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError("unsupported_media_type", "Send the body as application/json");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError("invalid_request", "Malformed JSON", [
      { path: "(body)", message: error instanceof Error ? error.message : "Malformed JSON" },
    ]);
  }
}

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers });
}
