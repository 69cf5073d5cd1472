import { ApiError, detailsFromZod, type SchemaError } from "@/lib/errors";

// What a server-rendered list page and its "Load more" share: the page size, and the filters as
// they are read from the address (one value per key, empty ones left out).

/** Rows per page, the server's first one included. */
export const PAGE_SIZE = 25;

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The page's filters from its search parameters: the keys it knows, each non-empty, first value. */
export function filtersFrom(params: Awaited<SearchParams>, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    keys.flatMap((key) => {
      const value = params[key];
      const first = Array.isArray(value) ? value[0] : value;
      return first ? [[key, first]] : [];
    }),
  );
}

/** A list's date range and sort in its address (lib/dashboard/lists/date-range.ts). */
const rangeAndSort = ["range", "from", "to", "sort"] as const;

/** The filters each list page reads from its address (those of its API route, but the cursor). */
export const listFilters = {
  orders: ["active", "currency", "payout_kind", ...rangeAndSort],
  exchanges: ["state", "pair", "type", "order_id", "attention", ...rangeAndSort],
  events: ["result", "type", "exchange_id", ...rangeAndSort],
  notifications: ["unread", ...rangeAndSort],
  audit: ["actor", "action", "range", "from", "to", "result", "user"],
  /** The operator console's exchanges tab (its other parameters, `tab` and `exchange`, are not filters). */
  console: ["tenant_id", "state"],
  /**
   * The request log (/logs): `period` is the page's (the API takes `since`), the rest the API's
   * own; an operator's `scope=all` reads every client's sandbox calls (with `client_id`).
   */
  logs: ["period", "source", "status", "method", "path", "error_code", "api_key_id", "user_id", "scope", "client_id"],
  /** The console's sandbox tab: the webhook deliveries shown. */
  deliveries: ["status", "endpoint_id"],
} as const;

/** A list refused for its address's filters: the API's error code, and the filters it named, as the address spells them. */
export type ListError = { code: string; fields: string[] };

const namedIn = (details: { path: string }[] = [], renamed: Record<string, string>) =>
  [
    ...new Set(details.map((detail) => detail.path.split(".")[0] ?? "").filter((name) => name && name !== "(body)" && name !== "limit")),
  ].map((name) => renamed[name] ?? name);

/**
 * A list's first page for the filters of its address, or its empty page and why the filters were
 * refused: by the query's schema (`read` is its error, or the names of the filters the page itself
 * refused), or by the list itself (such as a range that ends before it begins). `renamed` maps the
 * API's names to the address's where they differ.
 */
export async function firstPage<P>(
  read: (() => Promise<P>) | SchemaError | string[],
  empty: P,
  renamed: Record<string, string> = {},
): Promise<{ first: P; error: ListError | null }> {
  if (Array.isArray(read)) return { first: empty, error: { code: "invalid_request", fields: read } };
  if (typeof read !== "function")
    return { first: empty, error: { code: "invalid_request", fields: namedIn(detailsFromZod(read), renamed) } };
  try {
    return { first: await read(), error: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      return { first: empty, error: { code: error.code, fields: namedIn(error.details, renamed) } };
    }
    throw error;
  }
}
