import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { env } from "@/lib/env";
import { ApiError, errorBody, everyMethod, invalidRequest, methodNotAllowed, type HttpMethod } from "@/lib/errors";
import { getDb, type Db } from "@/lib/db/client";
import { authenticateClient, authenticateOperator } from "./auth";
import { takeClientToken } from "./rate-limit";
import { lastKnownNow } from "./clock";
import { routeParams, type RouteContext } from "@/lib/http/route-params";
import { databaseUnavailable, isDatabaseUnavailable } from "@/lib/db/availability";
import { errorStack, logger } from "@/lib/log";
import { finishRecording, jsonAnswer, startRecording, type Caller } from "@/lib/request-log/sandbox-calls";

const log = logger("sandbox");

export type SandboxContext = {
  req: Request;
  params: Record<string, string>;
  db: Db;
  requestId: string;
  /** Who called, for the request log: clientRoute names the client once it is known. */
  caller: Caller;
};

/**
 * Where error codes are explained: the sandbox's own reference; while the sandbox is off (its
 * paths all answer 404), the dashboard's, since the sandbox's is off too.
 */
export function documentationBase(req?: Request): string {
  const config = env();
  if (config.sandboxEnabled) return `${config.sandboxPublicUrl}/docs/errors`;
  return `${config.appUrl ?? (req ? new URL(req.url).origin : "")}/docs/errors`;
}

export function errorResponse(error: unknown, requestId: string, headers?: HeadersInit, req?: Request): Response {
  let apiError: ApiError;
  if (error instanceof ApiError) apiError = error;
  else if (error instanceof z.core.$ZodError) apiError = invalidRequest(error);
  else if (isDatabaseUnavailable(error)) apiError = databaseUnavailable();
  else {
    log.error({ err: errorStack(error) }, "a sandbox request failed");
    apiError = new ApiError("internal_error", "Unexpected error");
  }
  const response = jsonAnswer(errorBody(apiError, documentationBase(req)), { status: apiError.status, headers });
  response.headers.set("X-Request-Id", requestId);
  for (const [name, value] of Object.entries(apiError.headers ?? {})) response.headers.set(name, value);
  return response;
}

/**
 * Wraps a sandbox route: 404 when the sandbox is off, errors turned into JSON bodies, and every
 * request of the REST API v1 recorded in the request log once answered (lib/request-log/sandbox-calls.ts).
 */
export function sandboxRoute(handler: (ctx: SandboxContext) => Promise<Response>) {
  return async (req: Request, context: RouteContext): Promise<Response> => {
    const requestId = req.headers.get("x-request-id") ?? randomUUID();
    const recording = env().sandboxEnabled ? startRecording(req) : null;
    let db: Db | undefined;
    let response: Response;
    try {
      if (!env().sandboxEnabled) throw new ApiError("not_found", "The sandbox is switched off");
      const params = await routeParams(req, context);
      db = await getDb();
      // the recording's copy of the request: its body keeps what the handler reads of it, for the log
      response = await handler({ req: recording?.req ?? req, params, db, requestId, caller: recording?.caller ?? { clientId: null } });
    } catch (error) {
      response = errorResponse(error, requestId, undefined, req);
    }
    // the sandbox's own time (its clocks may have been moved forward; a client's own one for its
    // calls), on refusals too: clients that mind expiries learn their clock from every answer, and
    // a refusal must not reset it
    const clientId = recording?.caller.clientId ?? null;
    if (db) response.headers.set("Date", (await lastKnownNow(db, clientId).catch(() => new Date())).toUTCString());
    if (recording) finishRecording(recording, response, requestId);
    return response;
  };
}

/** A route of the REST API v1: the caller is an API client (Authorization: client_id …). */
export function clientRoute(handler: (ctx: SandboxContext & { clientId: string }) => Promise<Response>) {
  return sandboxRoute(async (ctx) => {
    const clientId = await authenticateClient(ctx.db, ctx.req.headers.get("authorization"));
    ctx.caller.clientId = clientId;
    if (!(await takeClientToken(ctx.db, clientId))) throw new ApiError("rate_limited", "Too many requests");
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

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  return jsonAnswer(body, { status, headers });
}

type Handler = (req: Request, context: RouteContext) => Promise<Response>;

/**
 * Handlers for the methods a sandbox path does not serve: a JSON 405 with Allow (404 while the
 * sandbox is off). `serve` (./endpoint.ts) answers them for a path's endpoints; a route module
 * that is no endpoint's (openapi.json) exports the ones it lacks:
 * `export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");`
 */
export function otherMethods(...allowed: HttpMethod[]): Record<HttpMethod, Handler> {
  const handler = sandboxRoute(async () => {
    throw methodNotAllowed(allowed);
  });
  return everyMethod(handler);
}
