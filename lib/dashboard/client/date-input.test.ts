import { describe, expect, it } from "vitest";
import { formatWall, instantOf, parseWall, patternOf, wallAt, type Wall } from "./date-input";

// The page's languages as Intl writes them with their tags (en-GB, de-DE, fr-FR, it-IT; en-US for
// a 12-hour clock), CLDR through Node's full ICU, and the zone conversion around Europe/Berlin's
// changes of 2026 (29 March 02:00 → 03:00, 25 October 03:00 → 02:00) and America/New_York's
// (8 March, 1 November).

const wall: Wall = { year: 2026, month: 11, day: 28, hour: 14, minute: 5 };
const words = {
  "en-US": { day: "DD", month: "MM", year: "YYYY", hour: "hh", minute: "mm" },
  en: { day: "DD", month: "MM", year: "YYYY", hour: "hh", minute: "mm" },
  de: { day: "TT", month: "MM", year: "JJJJ", hour: "hh", minute: "mm" },
  fr: { day: "JJ", month: "MM", year: "AAAA", hour: "hh", minute: "mm" },
  it: { day: "GG", month: "MM", year: "AAAA", hour: "hh", minute: "mm" },
};

/** The page's languages format with these tags (lib/dashboard/client/format.ts): English as written in Europe. */
const key = (tag: string) => (tag === "en-US" ? "en-US" : (tag.slice(0, 2) as "en" | "de" | "fr" | "it"));

describe("the page's language", () => {
  it.each([
    ["en-US", "11/28/2026", /^11\/28\/2026, 02:05\sPM$/, "MM/DD/YYYY", /^MM\/DD\/YYYY, hh:mm\sAM\/PM$/],
    ["en-GB", "28/11/2026", /^28\/11\/2026, 14:05$/, "DD/MM/YYYY", /^DD\/MM\/YYYY, hh:mm$/],
    ["de-DE", "28.11.2026", /^28\.11\.2026, 14:05$/, "TT.MM.JJJJ", /^TT\.MM\.JJJJ, hh:mm$/],
    ["fr-FR", "28/11/2026", /^28\/11\/2026 14:05$/, "JJ/MM/AAAA", /^JJ\/MM\/AAAA hh:mm$/],
    ["it-IT", "28/11/2026", /^28\/11\/2026, 14:05$/, "GG/MM/AAAA", /^GG\/MM\/AAAA, hh:mm$/],
  ] as const)("%s writes %s, and reads back what it writes", (locale, day, dateTime, datePattern, dateTimePattern) => {
    expect(formatWall(wall, locale, "date")).toBe(day);
    expect(formatWall(wall, locale, "dateTime")).toMatch(dateTime);
    expect(patternOf(locale, "date", words[key(locale)])).toBe(datePattern);
    expect(patternOf(locale, "dateTime", words[key(locale)])).toMatch(dateTimePattern);
    expect(parseWall(day, locale, "date")).toEqual({ ...wall, hour: 0, minute: 0 });
    expect(parseWall(formatWall(wall, locale, "dateTime"), locale, "dateTime")).toEqual(wall);
  });

  it.each([
    ["de", "1.2.2026", { year: 2026, month: 2, day: 1 }],
    ["de", "01022026", { year: 2026, month: 2, day: 1 }],
    ["fr", "1-2-2026", { year: 2026, month: 2, day: 1 }],
    ["it", " 01/02/2026 ", { year: 2026, month: 2, day: 1 }],
    ["en-US", "2/1/2026", { year: 2026, month: 2, day: 1 }],
    ["en-US", "02012026", { year: 2026, month: 2, day: 1 }],
    ["en-GB", "1/2/2026", { year: 2026, month: 2, day: 1 }],
    ["de", "2026-02-01", { year: 2026, month: 2, day: 1 }],
  ] as const)("%s reads the day %j", (locale, text, day) => {
    expect(parseWall(text, locale, "date")).toEqual({ ...day, hour: 0, minute: 0 });
  });

  it.each([
    ["en-US", "11/28/2026 2:05 pm", 14],
    ["en-US", "11/28/2026, 12:05 AM", 0],
    ["en-US", "11/28/2026 14:05", 14],
    ["en-GB", "28/11/2026 2:05 pm", 14],
    ["en-GB", "28/11/2026, 14:05", 14],
    ["de", "28.11.2026 14:05", 14],
    ["fr", "28/11/2026 14h05", 14],
    ["it", "28/11/2026, 00:05", 0],
    ["de", "2026-11-28T14:05", 14],
  ] as const)("%s reads the time %j", (locale, text, hour) => {
    expect(parseWall(text, locale, "dateTime")).toEqual({ ...wall, hour, minute: 5 });
  });

  it.each([
    ["de", "31.02.2026", "date"],
    ["de", "28.13.2026", "date"],
    ["de", "28.11.26", "date"],
    ["de", "morgen", "date"],
    ["de", "28.11.2026 14", "date"],
    ["fr", "", "date"],
    ["en-US", "13/28/2026", "date"],
    ["en-GB", "11/28/2026", "date"],
    ["de", "28.11.2026", "dateTime"],
    ["de", "28.11.2026 24:00", "dateTime"],
    ["en-US", "11/28/2026 13:05 PM", "dateTime"],
    ["it", "28/11/2026 14:60", "dateTime"],
  ] as const)("%s refuses %j as a %s", (locale, text, kind) => {
    expect(parseWall(text, locale, kind)).toBeNull();
  });
});

describe("the tenant's time zone", () => {
  const at = (w: Partial<Wall>, zone: string) => instantOf({ ...wall, ...w }, zone).toISOString();

  it("reads a wall time in the zone, not the machine's", () => {
    expect(at({}, "Europe/Zurich")).toBe("2026-11-28T13:05:00.000Z");
    expect(at({}, "Pacific/Kiritimati")).toBe("2026-11-28T00:05:00.000Z");
    expect(at({}, "America/New_York")).toBe("2026-11-28T19:05:00.000Z");
    expect(wallAt(new Date("2026-11-28T00:05:00Z"), "Pacific/Kiritimati")).toEqual(wall);
  });

  it("crosses Berlin's spring change: 01:59 CET, 02:30 skipped (read as 03:30 CEST), 03:00 CEST", () => {
    const spring = { year: 2026, month: 3, day: 29 };
    expect(at({ ...spring, hour: 1, minute: 59 }, "Europe/Berlin")).toBe("2026-03-29T00:59:00.000Z");
    expect(at({ ...spring, hour: 2, minute: 30 }, "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
    expect(at({ ...spring, hour: 3, minute: 0 }, "Europe/Berlin")).toBe("2026-03-29T01:00:00.000Z");
    expect(wallAt(new Date("2026-03-29T01:30:00Z"), "Europe/Berlin")).toMatchObject({ hour: 3, minute: 30 });
  });

  it("crosses Berlin's autumn change: 02:30 twice is the first (CEST), 03:00 is CET", () => {
    const autumn = { year: 2026, month: 10, day: 25 };
    expect(at({ ...autumn, hour: 1, minute: 59 }, "Europe/Berlin")).toBe("2026-10-24T23:59:00.000Z");
    expect(at({ ...autumn, hour: 2, minute: 30 }, "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
    expect(at({ ...autumn, hour: 3, minute: 0 }, "Europe/Berlin")).toBe("2026-10-25T02:00:00.000Z");
  });

  it("crosses New York's changes", () => {
    expect(at({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
    expect(at({ year: 2026, month: 3, day: 8, hour: 3, minute: 30 }, "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
    expect(at({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
  });

  it("round-trips every quarter hour of Berlin's autumn-change day", () => {
    for (let t = Date.parse("2026-10-24T22:00:00Z"); t < Date.parse("2026-10-25T23:00:00Z"); t += 15 * 60_000) {
      const shown = wallAt(new Date(t), "Europe/Berlin");
      const back = instantOf(shown, "Europe/Berlin").getTime();
      // the hour shown twice comes back as its first instant
      expect([t, t - 3_600_000]).toContain(back);
      expect(wallAt(new Date(back), "Europe/Berlin")).toEqual(shown);
    }
  });
});
