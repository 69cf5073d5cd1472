import "server-only";
import { z } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import { ApiError, errorStatus, everyMethod, invalidRequest, methodNotAllowed, type HttpMethod } from "@/lib/errors";
import { serviceTime, UpstreamError } from "@/lib/service-api/client";
import { currentUser, type CurrentUser } from "@/lib/dashboard/auth/current-user";
import { allTenants, type Tenant } from "@/lib/dashboard/auth/tenants";
import { canMutate, type Role } from "@/lib/dashboard/auth/roles";
import { recordAudit } from "@/lib/dashboard/audit/record";
import type { AuditAction } from "@/lib/dashboard/contract/audit-actions";
import { requireSameOrigin } from "./same-origin";
import { requireRecentFactor } from "@/lib/dashboard/auth/step-up";
import { bearerKey, requireScope, userOfApiKey } from "@/lib/dashboard/auth/api-keys";
import { requestOrigin } from "@/lib/http/request-origin";
import { routeParams, type RouteContext } from "@/lib/http/route-params";
import { databaseUnavailable, isDatabaseUnavailable } from "@/lib/db/availability";
import { SealedDataError } from "@/lib/dashboard/auth/encryption";
import { errorStack, identifyRequest, logger, requestId as currentRequestId } from "@/lib/log";

const log = logger("api");

export type ApiContext = {
  req: Request;
  params: Record<string, string>;
  user: CurrentUser;
  tenant: Tenant;
  db: Db;
  requestId: string;
  /**
   * What the audit log names as the target, set by the handler when it knows it; and, where one
   * route does two kinds of change, the action it did (the route's `mutation` otherwise).
   */
  audit: { target: string | null; action?: AuditAction };
};

export type RouteOptions = {
  /** A mutation: one of `roles`, recorded in the audit log under this action (every non-GET with a cookie needs our Origin). */
  mutation?: AuditAction;
  /** Who may call: for a mutation, admins unless named here; for a read, everyone unless named here. */
  roles?: Role[];
  /**
   * "global": the operator console's routes, about no one tenant (audited without a tenant);
   * "account": a person's own account, audited in their own tenant's log (none for operators).
   */
  scope?: "tenant" | "global" | "account";
  /** Reveals a secret, moves money or changes who may act: a factor confirmed within 5 minutes. */
  stepUp?: boolean;
  /** Open to someone who must still set up a second factor (their account's security routes). */
  duringEnrolment?: boolean;
  /**
   * The path parameter that names what a mutation acts on (e.g. "id" of /api/exchanges/{id}/…):
   * the audit log's target from the start, so that an attempt refused before the handler runs (a
   * step-up, a role) names it too, as the address gave it (a UUID; the handler may say more).
   */
  auditTarget?: string;
};

export function apiErrorResponse(error: unknown, requestId: string, origin: string): { response: Response; code: string } {
  const docs = `${origin}/docs/errors`;
  let status: number;
  let body: Record<string, unknown>;
  if (error instanceof UpstreamError) {
    status = error.status;
    // an upstream's body as the client passes it on (lib/service-api/client.ts), with our link where it gave none
    body = { ...error.body, error: error.code, documentation_uri: error.body?.documentation_uri || `${docs}#${error.code}` };
  } else {
    const apiError =
      error instanceof ApiError
        ? error
        : error instanceof z.core.$ZodError
          ? invalidRequest(error)
          : isDatabaseUnavailable(error)
            ? databaseUnavailable()
            : error instanceof SealedDataError
              ? new ApiError("credentials_unreadable", error.message)
              : new ApiError("internal_error", "Unexpected error");
    if (apiError.code === "internal_error") {
      log.error({ err: errorStack(error) }, "a request failed");
    }
    status = errorStatus[apiError.code];
    body = {
      ...apiError.extra,
      error: apiError.code,
      documentation_uri: `${docs}#${apiError.code}`,
      ...(apiError.details ? { details: apiError.details } : {}),
    };
  }
  const extra = error instanceof ApiError ? error.headers : isDatabaseUnavailable(error) ? databaseUnavailable().headers : undefined;
  const response = Response.json(body, { status, headers: { ...extra, "X-Request-Id": requestId, "Cache-Control": "no-store" } });
  return { response, code: String(body.error) };
}

/** No answer of the dashboard API may be stored by a browser or proxy (event streams keep their own no-cache). */
export function noStore(response: Response): Response {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  return response;
}

type Handler = (req: Request, context: RouteContext) => Promise<Response>;

/**
 * Handlers for the methods a dashboard path does not serve: a JSON 405 with Allow, before any
 * session check. A route module exports the ones it lacks:
 * `export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");`
 */
export function otherMethods(...allowed: HttpMethod[]): Record<HttpMethod, Handler> {
  const handler = async (req: Request) => apiErrorResponse(methodNotAllowed(allowed), currentRequestId(), requestOrigin(req)).response;
  return everyMethod(handler);
}

/** The tenant a user acts in: their own; operators choose one with ?tenant_id= (default tenant otherwise). */
async function resolveTenant(db: Db, user: CurrentUser, req: Request): Promise<Tenant> {
  const all = await allTenants(db);
  if (user.role !== "operator") {
    const own = all.find((t) => t.id === user.tenantId);
    if (!own) throw new ApiError("forbidden", "Your account is not bound to a tenant");
    if (own.disabled) throw new ApiError("tenant_disabled", "An operator disabled this tenant");
    return own;
  }
  const chosen = new URL(req.url).searchParams.get("tenant_id") ?? req.headers.get("x-tenant-id");
  const tenant = chosen ? all.find((t) => t.id === chosen) : all.find((t) => t.isDefault);
  if (!tenant) throw new ApiError("not_found", "No such tenant");
  return tenant;
}

/**
 * Wraps a dashboard route: session or API key (401), the key's scope, tenant, role and Origin
 * for mutations (403),
 * errors as JSON bodies (upstream codes passed through), and the audit log.
 */
export function apiRoute(options: RouteOptions, handler: (ctx: ApiContext) => Promise<Response>) {
  return async (req: Request, context: RouteContext): Promise<Response> => {
    const requestId = currentRequestId();
    let db: Db | undefined;
    let user: CurrentUser | null = null;
    let tenant: Tenant | undefined;
    const audit: ApiContext["audit"] = { target: null };
    try {
      if (options.auditTarget) audit.target = targetOfPath((await context?.params)?.[options.auditTarget]);
      db = await getDb();
      // an affiliate's system sends an API key; a browser its session cookie (and, for a change, its Origin)
      const key = bearerKey(req.headers);
      user = key ? await userOfApiKey(db, key) : await currentUser(req);
      if (!user) throw new ApiError("unauthorized", key ? "Unknown or revoked API key" : "Sign in first");
      requireScope(user, req, Boolean(options.mutation));
      // every change a cookie makes, audited or not (a passkey's options, a step-up's), comes from our own pages
      if (!user.apiKey && req.method !== "GET" && req.method !== "HEAD") requireSameOrigin(req);
      if (options.roles ? !options.roles.includes(user.role) : options.mutation && !canMutate(user.role)) {
        throw new ApiError("forbidden", options.mutation ? "Your role may not change this" : "Your role may not see this");
      }
      identifyRequest(user.tenantId ?? undefined, user.id, user.apiKey?.id);
      if (user.mustEnrol && !options.duringEnrolment) {
        const who = user.role === "operator" ? "Operators need a second factor in production" : "Your team requires a second factor";
        throw new ApiError("second_factor_required", `${who}: set one up on your account page first`);
      }
      if (options.stepUp) requireRecentFactor(user);
      tenant = await resolveTenant(db, user, req);
      identifyRequest(tenant.id, undefined);
      const params = await routeParams(req, context);
      const response = await handler({ req, params, user, tenant, db, requestId, audit });
      if (options.mutation) await recordAudit(db, auditEntry(options.mutation, options.scope, user, tenant, audit, "ok", requestId));
      response.headers.set("X-Request-Id", requestId);
      response.headers.set("X-Service-Time", serviceTime(tenant.baseUrl).toISOString());
      return noStore(response);
    } catch (error) {
      const { response, code } = apiErrorResponse(error, requestId, requestOrigin(req));
      // a refusal for want of a database cannot be recorded there either
      if (options.mutation && db && user && !isDatabaseUnavailable(error))
        await recordAudit(db, auditEntry(options.mutation, options.scope, user, tenant, audit, code, requestId));
      return response;
    }
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id as the audit log may name it: a UUID only, so that no text of a caller's choosing is recorded. */
const targetOfPath = (value: string | string[] | undefined) => (typeof value === "string" && UUID.test(value) ? value.toLowerCase() : null);

function auditEntry(
  action: AuditAction,
  scope: RouteOptions["scope"],
  user: CurrentUser,
  tenant: Tenant | undefined,
  audit: ApiContext["audit"],
  result: string,
  requestId: string,
) {
  // the console's global actions belong to no tenant's log, a person's own account to theirs
  const tenantId = scope === "global" ? null : scope === "account" ? user.tenantId : (tenant?.id ?? user.tenantId);
  return {
    tenantId,
    userId: user.id,
    userEmail: user.email,
    apiKeyPrefix: user.apiKey?.prefix ?? null,
    action: audit.action ?? action,
    target: audit.target,
    result,
    requestId,
  };
}
