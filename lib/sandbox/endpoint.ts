import "server-only";
import type { z } from "zod";
import { parseOrThrow, type HttpMethod } from "@/lib/errors";
import { readJson } from "@/lib/http/read-body";
import { searchParams, type RouteContext } from "@/lib/http/route-params";
import { documentedPathParams, type Operation } from "@/lib/openapi/builder";
import type { Db } from "@/lib/db/client";
import { clientRoute, operatorRoute, otherMethods, type SandboxContext } from "./http";
import { lnurlOptions, lnurlRoute } from "./lnurl/lnurl-route";
import { idParam } from "./params";

// One definition per endpoint of the sandbox: its method and path, who may call it, its path ids,
// query and body (zod schemas that parse the request and describe it), its answers and error codes,
// its words, and its handler. The route module exports what `serve` makes of a path's endpoints
// (405 for the other methods), and the OpenAPI document takes `operationOf` each (./openapi.ts), so
// that what is served and what is documented are one thing. Endpoints are defined in the feature's
// folder, lib/sandbox/<feature>/endpoints.ts (docs/architecture.md#adding-a-sandbox-endpoint).

type Query = z.core.$ZodObject | undefined;
type Body = z.core.$ZodType | undefined;
type Parsed<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

/**
 * Who may call: an API client of the REST API v1 (clientRoute: its client_id, rate-limited), the
 * operator (operatorRoute: SANDBOX_OPERATOR_KEY), or a wallet without credentials (lnurlRoute:
 * every answer an LNURL body, with CORS).
 */
export type Access = "client" | "operator" | "lnurl";

type Parts<Q extends Query, B extends Body, I extends string> = {
  ids: Record<I, string>;
  query: Parsed<Q>;
  body: Parsed<B>;
};

/** What an LNURL handler gets: no caller, the request's database, path and address. */
type LnurlContext = { req: Request; db: Db; params: Record<string, string>; url: URL };

/** What each kind of handler gets: its route's context, the path's ids checked, then the query and the body parsed. */
type Contexts<Q extends Query, B extends Body, I extends string> = {
  client: SandboxContext & { clientId: string } & Parts<Q, B, I>;
  operator: SandboxContext & Parts<Q, B, I>;
  lnurl: LnurlContext & Parts<Q, B, I>;
};

/** An LNURL handler answers the body (lnurlRoute sends it, or an LNURL error body for a refusal). */
type Answers = { client: Response; operator: Response; lnurl: unknown };

/**
 * The operation's words and answers; `query` and `body` here are documented only, for a handler
 * that reads them itself (an LNURL callback, whose refusals are LNURL bodies, not 400).
 */
type Words = Pick<
  Operation,
  "operationId" | "summary" | "description" | "tag" | "pathParams" | "success" | "errors" | "responses" | "query" | "body"
>;

export type Endpoint<A extends Access = Access, Q extends Query = Query, B extends Body = Body, I extends string = string> = {
  method: HttpMethod;
  /** Under /sandbox, with {name} for path parameters, as OpenAPI writes it. */
  path: string;
  access: A;
  /**
   * Path parameters that are UUIDs, with what each names ({ id: "order" }): anything else is 404
   * "No such order"; documented as "Order UUID" unless doc.pathParams says more.
   */
  ids?: Record<I, string>;
  /** The query string's parameters: parsed before the handler runs, a mismatch 400 invalid_request. */
  query?: Q;
  /** The JSON body: read with the cap and parsed before the handler runs (an empty one is `{}`). */
  body?: { schema: B; required?: boolean; example?: unknown };
  /** The OpenAPI operation's own words and answers (its `query` documents one the handler reads itself). */
  doc: Words;
  // a method, so that an endpoint of any query and body is an Endpoint (its parameter checked both ways)
  handler(ctx: Contexts<Q, B, I>[A]): Promise<Answers[A]>;
};

/** Types an endpoint's definition (its handler's context follows its access, query and body). */
export function endpoint<A extends Access, Q extends Query = undefined, B extends Body = undefined, I extends string = never>(
  definition: Endpoint<A, Q, B, I>,
): Endpoint<A, Q, B, I> {
  return definition;
}

/** An endpoint of any kind: narrowed by its `access`, each kind's handler as its route calls it. */
export type AnyEndpoint = { [A in Access]: Endpoint<A> }[Access];

type Handler = (req: Request, context: RouteContext) => Promise<Response>;

/** The path's ids checked, then the query and the body parsed, in that order. */
async function partsOf(e: AnyEndpoint, req: Request, params: Record<string, string>): Promise<Parts<Query, Body, string>> {
  const ids = Object.fromEntries(Object.entries<string>(e.ids ?? {}).map(([name, kind]) => [name, idParam(params[name], kind)]));
  return {
    ids,
    query: e.query ? parseOrThrow(e.query, searchParams(req)) : undefined,
    body: e.body?.schema ? await readJson(req, e.body.schema) : undefined,
  };
}

/** The route handler of one endpoint, behind its kind of caller's checks. */
function routeOf(e: AnyEndpoint): Handler {
  if (e.access === "client") return clientRoute(async (ctx) => e.handler({ ...ctx, ...(await partsOf(e, ctx.req, ctx.params)) }));
  if (e.access === "operator") return operatorRoute(async (ctx) => e.handler({ ...ctx, ...(await partsOf(e, ctx.req, ctx.params)) }));
  return lnurlRoute(async (ctx) => e.handler({ ...ctx, ...(await partsOf(e, ctx.req, ctx.params)) }));
}

/** The route module's handlers of one LNURL path: its GET, CORS's preflight, and 405 with Allow for the rest. */
export function serve(...endpoints: Endpoint<"lnurl">[]): Record<HttpMethod, Handler> & { OPTIONS: typeof lnurlOptions };
/** The route module's handlers of one path: each endpoint's method, and 405 with Allow for the rest. */
export function serve(...endpoints: AnyEndpoint[]): Record<HttpMethod, Handler>;
export function serve(...endpoints: AnyEndpoint[]): Record<HttpMethod, Handler> & { OPTIONS?: typeof lnurlOptions } {
  const handlers: Record<HttpMethod, Handler> & { OPTIONS?: typeof lnurlOptions } = otherMethods(...endpoints.map((e) => e.method));
  for (const e of endpoints) handlers[e.method] = routeOf(e);
  if (endpoints.some((e) => e.access === "lnurl")) handlers.OPTIONS = lnurlOptions;
  return handlers;
}

/** Who may call, as the document says it: the client's key is the document's default, LNURL needs none. */
const securityOf: Record<Access, Pick<Operation, "security">> = {
  client: {},
  operator: { security: [{ operatorKey: [] }] },
  lnurl: { security: [] },
};

/** The endpoint as the OpenAPI document's operation. */
export function operationOf(e: AnyEndpoint): Operation {
  return {
    method: e.method.toLowerCase() as Operation["method"],
    path: e.path,
    ...securityOf[e.access],
    ...(e.query ? { query: e.query } : {}),
    ...(e.body?.schema ? { body: { ...e.body, schema: e.body.schema } } : {}),
    ...e.doc,
    ...documentedPathParams(e.ids, e.doc.pathParams),
  };
}
