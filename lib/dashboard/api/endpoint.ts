import "server-only";
import type { z } from "zod";
import { parseOrThrow, type HttpMethod } from "@/lib/errors";
import { readJson } from "@/lib/http/read-body";
import { pathId, searchParams, type RouteContext } from "@/lib/http/route-params";
import { documentedPathParams, type Operation } from "@/lib/openapi/builder";
import type { Db } from "@/lib/db/client";
import { apiRoute, otherMethods, type ApiContext, type RouteOptions } from "./route";
import { publicRoute } from "./public-route";

// One definition per endpoint of the dashboard's API: its method and path, who may call it, its
// query and body (zod schemas that parse the request and describe it), its answers and error codes,
// its words, and its handler. The route module exports what `serve` makes of a path's endpoints
// (405 for the other methods), and the OpenAPI document takes `operationOf` each (openapi.ts), so
// that what is served and what is documented are one thing. Endpoints are defined in
// lib/dashboard/api/endpoints/<feature>.ts, one file a feature (docs/architecture.md#adding-an-endpoint).

type Query = z.core.$ZodObject | undefined;
type Body = z.core.$ZodType | undefined;
type Parsed<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

/**
 * What the handler gets: apiRoute's context, with the path's ids checked (lower case), then the
 * query and the body parsed by their schemas, in that order.
 */
export type EndpointContext<Q extends Query, B extends Body, I extends string = string> = ApiContext & Parts<Q, B, I>;

/** A public endpoint's handler gets no person, tenant or audit: the request, its database and its parsed parts. */
export type PublicContext<Q extends Query, B extends Body, I extends string = string> = {
  req: Request;
  params: Record<string, string>;
  db: Db;
} & Parts<Q, B, I>;

type Parts<Q extends Query, B extends Body, I extends string> = {
  ids: Record<I, string>;
  query: Parsed<Q>;
  body: Parsed<B>;
};

/**
 * The operation's words and answers; `query` and `body` here are documented only, for a handler that
 * reads them itself (one that must refuse something else first, or passes the query on as it came).
 */
type Words = Pick<
  Operation,
  "operationId" | "summary" | "description" | "tag" | "pathParams" | "success" | "errors" | "headers" | "responses" | "query" | "body"
>;

export type Endpoint<Q extends Query = Query, B extends Body = Body, I extends string = string> = {
  method: HttpMethod;
  /** Under /api, with {name} for path parameters, as OpenAPI writes it. */
  path: string;
  /** Who may call, and what is audited (apiRoute's options). */
  access: RouteOptions;
  /**
   * Path parameters that are UUIDs, with what each names ({ id: "view" }): anything else is 404
   * "No such view"; documented as "View UUID" unless doc.pathParams says more.
   */
  ids?: Record<I, string>;
  /**
   * The id the audit log names as soon as it is checked, so that a body refused before the handler
   * runs names it too (apiRoute's `auditTarget` names it even before the sign-in is checked).
   */
  auditId?: NoInfer<I>;
  /** The query string's parameters: parsed before the handler runs, a mismatch 400 invalid_request. */
  query?: Q;
  /** The JSON body: read with the cap and parsed before the handler runs. */
  body?: { schema: B; example?: unknown };
  /**
   * The OpenAPI operation's own words and answers. Its `query` and `body` describe what the handler
   * reads itself, where `query` and `body` above do not fit: a form or a raw body, an optional
   * body, or a parse that must come after a check of the handler's (another tenant's exchange is
   * 404 before a bad body is 400).
   */
  doc: Words;
  // a method, so that an endpoint of any query and body is an Endpoint (its parameter checked both ways)
  handler(ctx: EndpointContext<Q, B, I>): Promise<Response>;
};

/**
 * An endpoint anyone may call without signing in (the end user's payout page, mailed links, the
 * browser's reports): rate-limited per address by cost (publicRoute), documented with no security.
 */
export type PublicEndpoint<Q extends Query = Query, B extends Body = Body, I extends string = string> = Omit<
  Endpoint<Q, B, I>,
  "access" | "auditId" | "handler"
> & {
  access: "public";
  handler(ctx: PublicContext<Q, B, I>): Promise<Response>;
};

type AnyEndpoint = Endpoint | PublicEndpoint;

/** Types an endpoint's definition (its handler's query and body follow its schemas). */
export function endpoint<Q extends Query = undefined, B extends Body = undefined, I extends string = never>(
  definition: Endpoint<Q, B, I>,
): Endpoint<Q, B, I> {
  return definition;
}

/** Types a public endpoint's definition. */
export function publicEndpoint<Q extends Query = undefined, B extends Body = undefined, I extends string = never>(
  definition: PublicEndpoint<Q, B, I>,
): PublicEndpoint<Q, B, I> {
  return definition;
}

type Handler = (req: Request, context: RouteContext) => Promise<Response>;

/** The path's ids checked (and one named as the audit's target), then the query and the body parsed, in that order. */
async function partsOf(
  e: AnyEndpoint,
  req: Request,
  params: Record<string, string>,
  audit?: ApiContext["audit"],
): Promise<Parts<Query, Body, string>> {
  const ids = Object.fromEntries(Object.entries<string>(e.ids ?? {}).map(([name, kind]) => [name, pathId(kind, params[name])]));
  if (audit && "auditId" in e && e.auditId) audit.target = ids[e.auditId] ?? null;
  return {
    ids,
    query: e.query ? parseOrThrow(e.query, searchParams(req)) : undefined,
    body: e.body?.schema ? await readJson(req, e.body.schema) : undefined,
  };
}

/** The route module's handlers of one path: each endpoint's method, and 405 with Allow for the rest. */
export function serve(...endpoints: AnyEndpoint[]): Record<HttpMethod, Handler> {
  const handlers = otherMethods(...endpoints.map((e) => e.method));
  for (const e of endpoints) {
    handlers[e.method] =
      e.access === "public"
        ? publicRoute(async (ctx) => e.handler({ ...ctx, ...(await partsOf(e, ctx.req, ctx.params)) }))
        : apiRoute(e.access, async (ctx) => e.handler({ ...ctx, ...(await partsOf(e, ctx.req, ctx.params, ctx.audit)) }));
  }
  return handlers;
}

/** The endpoint as the OpenAPI document's operation (a public one with no security). */
export function operationOf(e: AnyEndpoint): Operation {
  return {
    method: e.method.toLowerCase() as Operation["method"],
    path: e.path,
    ...(e.access === "public" ? { security: [] } : {}),
    ...(e.query ? { query: e.query } : {}),
    ...(e.body?.schema ? { body: { schema: e.body.schema, ...(e.body.example === undefined ? {} : { example: e.body.example }) } } : {}),
    ...e.doc,
    ...documentedPathParams(e.ids, e.doc.pathParams),
  };
}
