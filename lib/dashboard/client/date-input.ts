// Days and times as the page's language writes them (Intl's numeric date and 2-digit time), read
// and shown in the tenant's time zone: what the dashboard's date fields show and accept in place
// of the browser's own <input type="date">, whose format and zone are the browser's.

import { wallClockFormat, zoneOffsetMs } from "@/lib/time-zone";

/** A day and a time on the wall clock of some zone, month 1–12. */
export type Wall = { year: number; month: number; day: number; hour: number; minute: number };

/** The words a pattern is written with in the page's language, e.g. de {day: "TT", year: "JJJJ"}. */
export type PatternWords = { day: string; month: string; year: string; hour: string; minute: string };

type Kind = "date" | "dateTime";

const dateOptions = { year: "numeric", month: "2-digit", day: "2-digit" } as const;
const timeOptions = { hour: "2-digit", minute: "2-digit" } as const;

function layout(locale: string, kind: Kind): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { ...dateOptions, ...(kind === "dateTime" ? timeOptions : {}), timeZone: "UTC" });
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A day as the address and the API write it: yyyy-mm-dd. */
export const isoDay = (w: Pick<Wall, "year" | "month" | "day">) => `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;

/** Whether the locale writes its times on a 12-hour clock (en: "2:05 PM"). */
export function usesDayPeriod(locale: string): boolean {
  return layout(locale, "dateTime")
    .formatToParts(0)
    .some((part) => part.type === "dayPeriod");
}

/** The wall clock as the locale writes it: de "28.11.2026" or "28.11.2026, 14:05", en "11/28/2026, 02:05 PM". */
export function formatWall(wall: Wall, locale: string, kind: Kind): string {
  return layout(locale, kind).format(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute));
}

/** The pattern a field asks for, in the locale's order and separators: de "TT.MM.JJJJ, hh:mm". */
export function patternOf(locale: string, kind: Kind, words: PatternWords): string {
  return layout(locale, kind)
    .formatToParts(Date.UTC(2026, 10, 28, 14, 5))
    .map((part) => {
      if (part.type === "literal") return part.value;
      if (part.type === "dayPeriod") return dayPeriods(locale).join("/");
      return part.type in words ? words[part.type as keyof PatternWords] : part.value;
    })
    .join("");
}

/** The locale's two day periods, morning first ("AM", "PM"). */
function dayPeriods(locale: string): [string, string] {
  const f = new Intl.DateTimeFormat(locale, { hour: "numeric", hour12: true, timeZone: "UTC" });
  const of = (hour: number) => f.formatToParts(Date.UTC(2026, 0, 1, hour)).find((p) => p.type === "dayPeriod")?.value ?? "";
  return [of(1), of(13)];
}

const isoPattern = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s]+(\d{1,2}):(\d{2}))?$/;

/**
 * Reads what was typed, in the locale's order of day, month and year (any separators, or none:
 * "28112026"), or as ISO (2026-11-28, 2026-11-28T14:05). A time on a 12-hour clock may carry the
 * locale's AM/PM or be given on 24 hours. Null when it is no such day or time.
 */
export function parseWall(text: string, locale: string, kind: Kind): Wall | null {
  const typed = text.trim();
  const iso = isoPattern.exec(typed);
  if (iso) {
    const [, y, m, d, h, mi] = iso;
    if (kind === "dateTime" && h === undefined) return null;
    return checked({ year: Number(y), month: Number(m), day: Number(d), hour: Number(h ?? 0), minute: Number(mi ?? 0) }, null);
  }
  let rest = typed.toLocaleLowerCase(locale);
  let period: "am" | "pm" | null = null;
  if (kind === "dateTime") {
    const [am, pm] = dayPeriods(locale).map((p) => p.toLocaleLowerCase(locale).replace(/\./g, ""));
    rest = rest.replace(/\./g, (dot, at: number, all: string) => (/[a-z]/.test(all[at - 1] ?? "") ? "" : dot)); // "p.m."
    for (const [word, which] of [
      [pm, "pm"],
      [am, "am"],
      ["pm", "pm"],
      ["am", "am"],
    ] as const) {
      if (word && rest.includes(word)) {
        period = which;
        rest = rest.replace(word, " ");
        break;
      }
    }
  }
  if (/[^\d\s.,/:\-h]/.test(rest)) return null;
  const order = layout(locale, "date")
    .formatToParts(0)
    .map((p) => p.type)
    .filter((type): type is "day" | "month" | "year" => type === "day" || type === "month" || type === "year");
  let numbers: string[] = rest.match(/\d+/g) ?? [];
  const [first] = numbers;
  if (first?.length === 8) numbers = [...[0, 1, 2].map((n) => first.slice(...span(order, n))), ...numbers.slice(1)];
  if (numbers.length !== (kind === "date" ? 3 : 5)) return null;
  const field = (type: "day" | "month" | "year") => numbers[order.indexOf(type)] ?? "";
  if (field("year").length !== 4 || numbers.slice(3).some((n) => n.length > 2)) return null;
  const wall = {
    year: Number(field("year")),
    month: Number(field("month")),
    day: Number(field("day")),
    hour: Number(numbers[3] ?? 0),
    minute: Number(numbers[4] ?? 0),
  };
  return checked(wall, period);
}

/** Where the n-th field of an 8-digit day lies: two digits for day and month, four for the year. */
function span(order: ("day" | "month" | "year")[], n: number): [number, number] {
  const start = order.slice(0, n).reduce((at, type) => at + (type === "year" ? 4 : 2), 0);
  return [start, start + (order[n] === "year" ? 4 : 2)];
}

function checked(wall: Wall, period: "am" | "pm" | null): Wall | null {
  let { hour } = wall;
  if (period) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (period === "pm" ? 12 : 0);
  }
  if (hour > 23 || wall.minute > 59 || wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.year < 1000) return null;
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  if (day.getUTCDate() !== wall.day) return null;
  return { ...wall, hour };
}

/** A yyyy-mm-dd day as a wall clock at midnight, or null. */
export function wallOfDay(day: string): Wall | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? checked({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]), hour: 0, minute: 0 }, null) : null;
}

/** The zone's wall clock at an instant (to the minute). */
export function wallAt(instant: Date, timeZone: string): Wall {
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  return { year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: (parts.hour ?? 0) % 24, minute: parts.minute ?? 0 };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
const offsetAt = (instant: number, timeZone: string): number => zoneOffsetMs(timeZone, instant);

/**
 * The instant the zone's clock shows this wall time. As Temporal's "compatible": a time shown
 * twice (clocks put back) is the earlier instant; a time skipped (clocks put forward) is read with
 * the offset before the change, so 02:30 on a spring-forward night in Berlin is 03:30 CEST.
 */
export function instantOf(wall: Wall, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const before = offsetAt(asUtc - 86_400_000, timeZone);
  const after = offsetAt(asUtc + 86_400_000, timeZone);
  const candidates = [asUtc - before, asUtc - after].filter((t, i) => offsetAt(t, timeZone) === (i === 0 ? before : after));
  return new Date(candidates.length > 0 ? Math.min(...candidates) : asUtc - before);
}
