// The Logs page's address and the API's query: the page offers periods counted back from now
// (`period=24h`), which it turns into the API's `since` when it asks; every other filter is the
// API's own parameter, as is.

export const logPeriods = ["1h", "24h", "7d", "30d"] as const;
export type LogPeriod = (typeof logPeriods)[number];
const HOURS: Record<LogPeriod, number> = { "1h": 1, "24h": 24, "7d": 7 * 24, "30d": 30 * 24 };

/** The API's query string values for the page's filters (`period` as `since`, at `now`). */
export function apiFiltersOf(filters: Record<string, string>, now = Date.now()): Record<string, string> {
  // scope picks the route (an operator's every client), not a filter of it
  const { period, scope: _scope, ...rest } = filters;
  const hours = HOURS[period as LogPeriod];
  return hours ? { ...rest, since: new Date(now - hours * 3_600_000).toISOString() } : rest;
}

/** Whether a period of the address is one the page offers (else the page says the filters are refused). */
export const knownPeriod = (period: string | undefined): boolean => period === undefined || period in HOURS;

/** An operator's view of every client's sandbox calls (`scope=all`), else the tenant's own log. */
export const everyClient = (filters: Record<string, string>, role: string): boolean => role === "operator" && filters.scope === "all";
