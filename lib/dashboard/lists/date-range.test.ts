import { describe, expect, it } from "vitest";
import { ListParamError, addDays, dayIn, nextSort, parseDateRange, parseSort, sortParam, startOfDay } from "./date-range";

// Transitions from the IANA time zone database (tzdata 2024+): Europe/Berlin goes to summer time
// on 2026-03-29 at 01:00 UTC (a 23-hour day) and back on 2026-10-25 at 01:00 UTC (25 hours);
// Pacific/Kiritimati is UTC+14 all year, Pacific/Pago_Pago UTC-11; America/Santiago moves its
// clocks at midnight (2026-09-06 00:00 -04 becomes 01:00 -03; 2026-04-05 00:00 -03 becomes 23:00 -04 the day before).

const hours = (a: Date | null, b: Date | null) => ((b?.getTime() ?? 0) - (a?.getTime() ?? 0)) / 3_600_000;

describe("a list's date range", () => {
  const noon = new Date("2026-06-15T10:00:00Z");

  it("counts each preset back from today in the user's time zone, both ends included", () => {
    expect(parseDateRange({ range: "today" }, "Europe/Berlin", noon)).toMatchObject({ from: "2026-06-15", to: "2026-06-15" });
    expect(parseDateRange({ range: "7d" }, "Europe/Berlin", noon)).toMatchObject({ from: "2026-06-09", to: "2026-06-15" });
    expect(parseDateRange({ range: "30d" }, "Europe/Berlin", noon)).toMatchObject({ from: "2026-05-17", to: "2026-06-15" });
    expect(parseDateRange({ range: "month" }, "Europe/Berlin", noon)).toMatchObject({ from: "2026-06-01", to: "2026-06-15" });
    const today = parseDateRange({ range: "today" }, "Europe/Berlin", noon);
    expect(today?.start?.toISOString()).toBe("2026-06-14T22:00:00.000Z");
    expect(today?.end?.toISOString()).toBe("2026-06-15T22:00:00.000Z");
  });

  it("takes the day where the user is, not in UTC", () => {
    const lateUtc = new Date("2026-12-31T23:30:00Z");
    expect(parseDateRange({ range: "today" }, "UTC", lateUtc)).toMatchObject({ from: "2026-12-31" });
    expect(parseDateRange({ range: "today" }, "Europe/Berlin", lateUtc)).toMatchObject({ from: "2027-01-01" });
    expect(parseDateRange({ range: "month" }, "Europe/Berlin", lateUtc)).toMatchObject({ from: "2027-01-01", to: "2027-01-01" });
    // 14 hours ahead of UTC: its day began at 10:00 UTC the day before
    const kiritimati = parseDateRange({ range: "today" }, "Pacific/Kiritimati", new Date("2026-06-15T09:59:00Z"));
    expect(kiritimati).toMatchObject({ from: "2026-06-15", to: "2026-06-15" });
    expect(kiritimati?.start?.toISOString()).toBe("2026-06-14T10:00:00.000Z");
    // 11 hours behind: still the day before at 10:59 UTC
    const pagoPago = parseDateRange({ range: "today" }, "Pacific/Pago_Pago", new Date("2026-06-15T10:59:00Z"));
    expect(pagoPago).toMatchObject({ from: "2026-06-14" });
    expect(pagoPago?.start?.toISOString()).toBe("2026-06-14T11:00:00.000Z");
    expect(pagoPago?.end?.toISOString()).toBe("2026-06-15T11:00:00.000Z");
  });

  it("spans 23 and 25 hours on Berlin's days of clock changes", () => {
    const spring = parseDateRange({ from: "2026-03-29", to: "2026-03-29" }, "Europe/Berlin", noon);
    expect(spring?.start?.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(spring?.end?.toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(hours(spring?.start ?? null, spring?.end ?? null)).toBe(23);
    const autumn = parseDateRange({ range: "custom", from: "2026-10-25", to: "2026-10-25" }, "Europe/Berlin", noon);
    expect(autumn?.start?.toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(autumn?.end?.toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect(hours(autumn?.start ?? null, autumn?.end ?? null)).toBe(25);
    // seven days across the spring change: 7 × 24 − 1 hours
    const week = parseDateRange({ range: "7d" }, "Europe/Berlin", new Date("2026-04-01T12:00:00Z"));
    expect(week).toMatchObject({ from: "2026-03-26", to: "2026-04-01" });
    expect(hours(week?.start ?? null, week?.end ?? null)).toBe(7 * 24 - 1);
  });

  it("begins a day when its clock starts where midnight is skipped, and at its one midnight where it repeats", () => {
    // 2026-09-06: 00:00 -04 never happens, the day begins at 01:00 -03
    expect(startOfDay("2026-09-06", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    // 2026-04-05: at 00:00 -03 the clocks go back to 23:00 on the 4th; the 5th begins an hour later, at 00:00 -04
    expect(startOfDay("2026-04-05", "America/Santiago").toISOString()).toBe("2026-04-05T04:00:00.000Z");
    expect(dayIn("America/Santiago", new Date("2026-04-05T03:30:00Z"))).toBe("2026-04-04");
  });

  it("reads a custom range's open ends and the days alone as a custom range", () => {
    expect(parseDateRange({ from: "2026-01-01" }, "UTC", noon)).toMatchObject({ from: "2026-01-01", to: null, end: null });
    expect(parseDateRange({ range: "custom", to: "2026-01-31" }, "UTC", noon)).toMatchObject({ from: null, start: null });
    expect(parseDateRange({}, "UTC", noon)).toBeNull();
    expect(parseDateRange({ range: "" }, "UTC", noon)).toBeNull();
    // a preset wins over days left in the address
    expect(parseDateRange({ range: "today", from: "2020-01-01" }, "UTC", noon)).toMatchObject({ from: "2026-06-15" });
  });

  it.each([
    [{ range: "week" }, "range"],
    [{ range: "custom" }, "from"],
    [{ range: "custom", from: "2026-02-30" }, "from"],
    [{ from: "15.06.2026" }, "from"],
    [{ to: "2026-6-1" }, "to"],
    [{ from: "2026-06-02", to: "2026-06-01" }, "to"],
  ])("refuses %j (%s)", (params, path) => {
    expect(() => parseDateRange(params, "UTC", noon)).toThrow(ListParamError);
    try {
      parseDateRange(params, "UTC", noon);
    } catch (error) {
      expect((error as ListParamError).path).toBe(path);
    }
  });

  it("adds days on the calendar across months and leap days", () => {
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("a list's sort", () => {
  const columns = ["created", "state"] as const;

  it("reads a column and its direction, newest first by default", () => {
    expect(parseSort(undefined, columns)).toEqual({ column: "created", descending: true });
    expect(parseSort("state", columns)).toEqual({ column: "state", descending: false });
    expect(parseSort("-state", columns)).toEqual({ column: "state", descending: true });
    expect(sortParam({ column: "state", descending: true })).toBe("-state");
  });

  it("refuses a column the list does not sort by", () => {
    expect(() => parseSort("amount", columns)).toThrow(ListParamError);
    expect(() => parseSort("--created", columns)).toThrow(ListParamError);
  });

  it("turns the shown column around on a click, and starts another column descending", () => {
    expect(nextSort({ column: "created", descending: true }, "created")).toEqual({ column: "created", descending: false });
    expect(nextSort({ column: "created", descending: false }, "state")).toEqual({ column: "state", descending: true });
  });
});
