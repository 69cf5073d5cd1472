import { describe, expect, it } from "vitest";
import { monthPeriod, monthsOf, presetPeriod, todayIn } from "./periods";

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
});
