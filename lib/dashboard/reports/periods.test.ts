import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { monthPeriod, monthsOf, presetPeriod, todayIn, wholeMonths } from "./periods";

describe("report periods", () => {
  it("counts presets from the day in the tenant's time zone", () => {
    expect(presetPeriod("this_month", "2026-02-14")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetPeriod("last_month", "2026-01-05")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(presetPeriod("this_quarter", "2026-05-31")).toEqual({ from: "2026-04-01", to: "2026-06-30" });
    expect(presetPeriod("last_quarter", "2026-02-01")).toEqual({ from: "2025-10-01", to: "2025-12-31" });
    expect(presetPeriod("last_quarter", "2026-11-23")).toEqual({ from: "2026-07-01", to: "2026-09-30" });
    expect(presetPeriod("this_year", "2028-02-29")).toEqual({ from: "2028-01-01", to: "2028-12-31" });
    expect(monthPeriod("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });

  it("takes the date where the tenant is, not in UTC", () => {
    const lateOnNewYearsEve = new Date("2026-12-31T23:30:00Z");
    expect(todayIn("UTC", lateOnNewYearsEve)).toBe("2026-12-31");
    expect(todayIn("Europe/Zurich", lateOnNewYearsEve)).toBe("2027-01-01");
  });

  it("lists the months a period touches", () => {
    expect(monthsOf({ from: "2025-11-15", to: "2026-02-01" })).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsOf({ from: "2026-03-01", to: "2026-03-31" })).toEqual(["2026-03"]);
  });

  it("cuts a period into whole months and the days around them, each day once", () => {
    expect(wholeMonths({ from: "2026-01-01", to: "2026-12-31" })).toEqual({
      months: { from: "2026-01-01", until: "2027-01-01" },
      days: [],
    });
    expect(wholeMonths({ from: "2025-11-27", to: "2026-11-26" })).toEqual({
      months: { from: "2025-12-01", until: "2026-11-01" },
      days: [
        { from: "2025-11-27", to: "2025-11-30" },
        { from: "2026-11-01", to: "2026-11-26" },
      ],
    });
    expect(wholeMonths({ from: "2028-02-01", to: "2028-02-29" })).toEqual({
      months: { from: "2028-02-01", until: "2028-03-01" },
      days: [],
    });
    expect(wholeMonths({ from: "2026-03-02", to: "2026-04-30" }).days).toEqual([{ from: "2026-03-02", to: "2026-03-31" }]);
    expect(wholeMonths({ from: "2026-03-02", to: "2026-04-29" })).toEqual({
      months: null,
      days: [
        { from: "2026-03-02", to: "2026-03-31" },
        { from: "2026-04-01", to: "2026-04-29" },
      ],
    });
    expect(wholeMonths({ from: "2026-03-02", to: "2026-03-30" })).toEqual({
      months: null,
      days: [{ from: "2026-03-02", to: "2026-03-30" }],
    });
    const day = fc.integer({ min: 0, max: 3000 }).map((n) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), (from, length) => {
        const to = new Date(Date.parse(`${from}T00:00:00Z`) + length * 86_400_000).toISOString().slice(0, 10);
        const { months, days } = wholeMonths({ from, to });
        const covered: string[] = [];
        const each = (a: string, beforeOrAt: (d: string) => boolean, into = covered) => {
          for (let d = a; beforeOrAt(d); d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) into.push(d);
        };
        if (months) {
          expect(months.from.endsWith("-01") && months.until.endsWith("-01")).toBe(true);
          each(months.from, (d) => d < months.until);
        }
        for (const p of days) {
          expect(p.from.slice(0, 7), "a run of days lies within one month").toBe(p.to.slice(0, 7));
          each(p.from, (d) => d <= p.to);
        }
        covered.sort();
        const expected: string[] = [];
        each(from, (d) => d <= to, expected);
        expect(covered).toEqual(expected);
      }),
    );
  });
});
