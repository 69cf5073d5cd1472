import type { AuditRange } from "@/lib/dashboard/contract/dashboard-api";
import { presetDays } from "@/lib/dashboard/lists/date-range";

// A list's `range`, `from` and `to` as the days it covers, both included, counted from today in
// the tenant's time zone. Pure: the page, the API and the tests share it.

export type DayRange = { from: string | null; to: string | null };

/**
 * The days of a range, as every list counts them (lib/dashboard/lists/date-range.ts); `from` and
 * `to` alone (no range) mean `custom`, and a custom range is taken as given (a `from` after its
 * `to` matches nothing). Null when no day is chosen.
 */
export function dayRange(filter: { range?: AuditRange | null; from?: string | null; to?: string | null }, today: string): DayRange | null {
  if (filter.range && filter.range !== "custom") return presetDays(filter.range, today);
  return filter.from || filter.to ? { from: filter.from ?? null, to: filter.to ?? null } : null;
}
