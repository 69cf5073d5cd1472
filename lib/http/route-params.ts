import { ApiError } from "@/lib/errors";
import { requireStorableRequest } from "./storable-text";

/** The second argument Next.js passes a route handler. */
export type RouteContext = { params?: Promise<Record<string, string | string[]> | undefined> };

/**
 * A route's params as plain strings, a catch-all's segments joined with "/": the one place they
 * are flattened. Path segments and query values that the database could not store are refused
 * here (400 invalid_request naming them), before any handler sees them.
 */
export async function routeParams(req: Request, context: RouteContext | undefined): Promise<Record<string, string>> {
  const raw = (await context?.params) ?? {};
  const params = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? value.join("/") : value]));
  requireStorableRequest(new URL(req.url), params);
  return params;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id must be a UUID; anything else names nothing (404). */
export function pathId(kind: string, id: string | undefined): string {
  if (!id || !UUID.test(id)) throw new ApiError("not_found", `No such ${kind}`);
  return id.toLowerCase();
}

/** A request's query as a plain object (the last of a repeated name). */
export function searchParams(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url).searchParams.entries());
}
