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

/** The filters each list page reads from its address (those of its API route, but the cursor). */
export const listFilters = {
  orders: ["active", "currency", "payout_kind"],
  exchanges: ["state", "pair", "type", "order_id", "attention"],
  events: ["result", "type", "exchange_id", "from", "to"],
  audit: ["actor", "action", "range", "from", "to", "result", "user"],
  /** The operator console's exchanges tab (its other parameters, `tab` and `exchange`, are not filters). */
  console: ["tenant_id", "state"],
  /** The console's sandbox tab: the webhook deliveries shown. */
  deliveries: ["status", "endpoint_id"],
} as const;
