// A path as a route (/v1/orders/{id}): every segment that is an id left out, so that the errors
// view's groups and the upstream metrics' routes stay few. A segment is an id when it starts with a
// UUID (a malformed one too: 674fc2b6-…-extra), is all digits, or is long (an invoice, a hash).

const UUID_START = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const isId = (segment: string) => UUID_START.test(segment) || /^\d+$/.test(segment) || segment.length >= 32;

export function routeOf(path: string): string {
  const bare = path.split("?")[0] ?? path;
  return bare
    .split("/")
    .map((segment) => (isId(segment) ? "{id}" : segment))
    .join("/");
}
