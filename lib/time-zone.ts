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
