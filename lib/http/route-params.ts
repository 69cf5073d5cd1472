/** The second argument Next.js passes a route handler. */
export type RouteContext = { params?: Promise<Record<string, string | string[]> | undefined> };

/** A route's params as plain strings, a catch-all's segments joined with "/": the one place they are flattened. */
export async function routeParams(context: RouteContext | undefined): Promise<Record<string, string>> {
  const raw = (await context?.params) ?? {};
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? value.join("/") : value]));
}
