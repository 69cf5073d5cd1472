// Time zones as a tenant chooses them (its reports' calendar days): IANA names that Intl knows.

/** Whether Intl knows the IANA time zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** A formatter of the zone's wall clock to the second, in 24-hour numbers (one per zone, kept). */
export function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** How far the zone's wall clock is ahead of UTC at an instant (ms since the epoch), in ms. */
export function zoneOffsetMs(timeZone: string, at: number): number {
  const parts = wallClockFormat(timeZone).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour") % 24, part("minute"), part("second"));
  return wall - Math.floor(at / 1000) * 1000;
}
