// A list's date range and sort as its address carries them, shared by every list of the dashboard
// (exchanges, orders, received webhooks, deliveries, notifications, the audit log):
//
//   range=today|7d|30d|month|custom   from=YYYY-MM-DD   to=YYYY-MM-DD   (days included, both ends)
//   sort=<column> ascending, sort=-<column> descending (default -created)
//
// Days are calendar days in the signed-in user's time zone (their tenant's: lib/time-zone.ts).
// Pure, so that pages, route handlers, the browser and the tests share it.

import { zoneOffsetMs } from "@/lib/time-zone";

export const rangePresets = ["today", "7d", "30d", "month", "custom"] as const;
export type RangePreset = (typeof rangePresets)[number];

/** The range's parameters as the address holds them (any may be missing). */
export type RangeParams = { range?: string | null; from?: string | null; to?: string | null };

/** Days included, YYYY-MM-DD (either end open), and the instants they span: [start, end). */
export type DateRange = { from: string | null; to: string | null; start: Date | null; end: Date | null };

/** A range or sort parameter the list cannot read: which one, and what it takes. */
export class ListParamError extends Error {
  constructor(
    readonly path: "range" | "from" | "to" | "sort",
    message: string,
  ) {
    super(message);
  }
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, "0");

/** Whether text is a real calendar day YYYY-MM-DD. */
export function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1970 && y <= 9999;
}

/** The day it is at `now` in the time zone, YYYY-MM-DD. */
export function dayIn(timeZone: string, now: Date): string {
  // en-CA formats as YYYY-MM-DD
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The day `days` after (or before) a day, on the calendar (no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
const offsetAt = zoneOffsetMs;

/**
 * The instant a day begins in the time zone: its first moment, 00:00 on most days. Where the
 * clocks jump over midnight (a zone that moves to summer time at 00:00), the day begins when the
 * clocks resume.
 */
export function startOfDay(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // the offset before midnight, then the one at the instant it gives: they differ only across a change
  const first = midnight - offsetAt(timeZone, midnight);
  const second = midnight - offsetAt(timeZone, first);
  // where midnight came twice the earlier; where it never came (or came before the clocks went
  // back into the day before), the later, when the day's clock starts
  const begins = [Math.min(first, second), Math.max(first, second)].find((at) => dayIn(timeZone, new Date(at)) === day);
  return new Date(begins ?? Math.max(first, second));
}

/**
 * The range the parameters name, at `now` in the time zone, or null for no range (every day).
 * `from`/`to` without `range` are a custom range (so an address with only the days works);
 * with a preset they are ignored. Throws ListParamError on what it cannot read.
 */
export function parseDateRange(params: RangeParams, timeZone: string, now: Date): DateRange | null {
  const range = params.range || (params.from || params.to ? "custom" : null);
  if (!range) return null;
  if (!(rangePresets as readonly string[]).includes(range)) throw new ListParamError("range", "today, 7d, 30d, month or custom");
  const today = dayIn(timeZone, now);
  const days = presetDays(range as RangePreset, today, params);
  return {
    ...days,
    start: days.from ? startOfDay(days.from, timeZone) : null,
    end: days.to ? startOfDay(addDays(days.to, 1), timeZone) : null,
  };
}

/** The days of a preset, counted back from `today`; a custom range's as given. */
export function presetDays(range: RangePreset, today: string, params: RangeParams = {}): { from: string | null; to: string | null } {
  switch (range) {
    case "today":
      return { from: today, to: today };
    case "7d":
      return { from: addDays(today, -6), to: today };
    case "30d":
      return { from: addDays(today, -29), to: today };
    case "month":
      return { from: `${today.slice(0, 8)}01`, to: today };
    case "custom": {
      const from = params.from || null;
      const to = params.to || null;
      if (from !== null && !isDay(from)) throw new ListParamError("from", "A day, YYYY-MM-DD");
      if (to !== null && !isDay(to)) throw new ListParamError("to", "A day, YYYY-MM-DD");
      if (!from && !to) throw new ListParamError("from", "A custom range needs from, to or both");
      if (from && to && from > to) throw new ListParamError("to", "to is before from");
      return { from, to };
    }
  }
}

// ---- sort ----

export type Sort<C extends string> = { column: C; descending: boolean };
export const DEFAULT_SORT = "-created";

/** `sort` as a column and a direction; throws ListParamError for a column the list does not sort by. */
export function parseSort<C extends string>(value: string | null | undefined, columns: readonly C[]): Sort<C> {
  const text = value || DEFAULT_SORT;
  const descending = text.startsWith("-");
  const column = (descending ? text.slice(1) : text) as C;
  if (!columns.includes(column)) throw new ListParamError("sort", `One of ${columns.map((c) => `${c}, -${c}`).join(", ")}`);
  return { column, descending };
}

/** The `sort` value of a column and direction, as the address writes it. */
export const sortParam = (sort: Sort<string>): string => `${sort.descending ? "-" : ""}${sort.column}`;

/** The sort a click on a column's header asks for: the other direction of the shown column, else newest/largest first. */
export function nextSort<C extends string>(current: Sort<C>, column: C): Sort<C> {
  return current.column === column ? { column, descending: !current.descending } : { column, descending: true };
}
