import type { AuditRange } from "@/lib/dashboard/contract/dashboard-api";

// A list's `range`, `from` and `to` as the days it covers, both included, counted from today in
// the tenant's time zone. Pure: the page, the API and the tests share it.

export type DayRange = { from: string | null; to: string | null };

/** The day it is at `now` in the time zone, YYYY-MM-DD (en-CA writes it so). */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const shift = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The days of a range; `from` and `to` alone (no range) mean `custom`. Null when no day is chosen. */
export function dayRange(filter: { range?: AuditRange | null; from?: string | null; to?: string | null }, today: string): DayRange | null {
  switch (filter.range) {
    case "today":
      return { from: today, to: today };
    case "7d":
      return { from: shift(today, -6), to: today };
    case "30d":
      return { from: shift(today, -29), to: today };
    case "month":
      return { from: `${today.slice(0, 7)}-01`, to: today };
    default:
      return filter.from || filter.to ? { from: filter.from ?? null, to: filter.to ?? null } : null;
  }
}
