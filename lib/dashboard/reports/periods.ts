import { addDays, dayIn } from "@/lib/dashboard/lists/date-range";

// Report periods as calendar days in a tenant's time zone. Pure: the pages, the API and the tests
// share it. A period is [from, to] with both days included.

export type Period = { from: string; to: string };
export const periodPresets = ["this_month", "last_month", "this_quarter", "last_quarter", "this_year"] as const;
export type PeriodPreset = (typeof periodPresets)[number];

/** The day it is at `now` in the time zone, YYYY-MM-DD (the lists' own reckoning of days). */
export const todayIn = (timeZone: string, now = new Date()): string => dayIn(timeZone, now);

const pad = (n: number) => String(n).padStart(2, "0");
/** Year and month (1-12) of YYYY-MM or YYYY-MM-DD. */
const yearMonth = (text: string): [number, number] => [Number(text.slice(0, 4)), Number(text.slice(5, 7))];
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate(); // month 1-12

/** The days of a month YYYY-MM. */
export function monthPeriod(month: string): Period {
  const [year, m] = yearMonth(month);
  return { from: `${year}-${pad(m)}-01`, to: `${year}-${pad(m)}-${pad(lastDay(year, m))}` };
}

function span(year: number, firstMonth: number, months: number): Period {
  const end = new Date(Date.UTC(year, firstMonth - 1 + months - 1, 1));
  const [ey, em] = [end.getUTCFullYear(), end.getUTCMonth() + 1];
  const start = new Date(Date.UTC(year, firstMonth - 1, 1));
  return { from: `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-01`, to: `${ey}-${pad(em)}-${pad(lastDay(ey, em))}` };
}

/** A preset's days, counted from `today` (YYYY-MM-DD in the tenant's time zone). */
export function presetPeriod(preset: PeriodPreset, today: string): Period {
  const [year, month] = yearMonth(today);
  const quarterStart = month - ((month - 1) % 3);
  switch (preset) {
    case "this_month":
      return span(year, month, 1);
    case "last_month":
      return span(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1, 1);
    case "this_quarter":
      return span(year, quarterStart, 3);
    case "last_quarter":
      return quarterStart === 1 ? span(year - 1, 10, 3) : span(year, quarterStart - 3, 3);
    case "this_year":
      return span(year, 1, 12);
  }
}

/** The months a period touches, YYYY-MM, oldest first. */
export function monthsOf(period: Period): string[] {
  const months: string[] = [];
  let [year, month] = yearMonth(period.from);
  const last = period.to.slice(0, 7);
  for (;;) {
    const key = `${year}-${pad(month)}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month === 13) [year, month] = [year + 1, 1];
  }
}

/** The day n days after (or before, n < 0) a YYYY-MM-DD day. */
export const shiftDay = addDays;

/**
 * A period cut where months turn: its whole months ([from, until), both first days of months) and
 * the days before and after them, each run of days within one month. A period holding no whole
 * month is all days.
 */
export function wholeMonths(period: Period): { months: { from: string; until: string } | null; days: Period[] } {
  const [year, month] = yearMonth(period.from);
  const turn = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10); // the next month's first day
  const from = period.from.endsWith("-01") ? period.from : turn;
  const until = `${shiftDay(period.to, 1).slice(0, 7)}-01`;
  if (from >= until) {
    // within one month, or across one turn of a month
    if (period.to < turn) return { months: null, days: [period] };
    return {
      months: null,
      days: [
        { from: period.from, to: shiftDay(turn, -1) },
        { from: turn, to: period.to },
      ],
    };
  }
  const days: Period[] = [];
  if (period.from < from) days.push({ from: period.from, to: shiftDay(from, -1) });
  if (until <= period.to) days.push({ from: until, to: period.to });
  return { months: { from, until }, days };
}
