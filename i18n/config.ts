import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";

/** Every language the product speaks. The end user's payout page and sign-in speak all of them. */
export const locales = ["en", "de", "fr", "it"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** The languages the signed-in dashboard speaks (its catalogue is messages/dashboard/): every one. */
export const dashboardLocales: readonly Locale[] = locales;

/** The developers' reference (the error codes behind documentation_uri) is written in English, as the API is. */
const referenceLocales: readonly Locale[] = ["en"];

/** The visible switcher's choice, remembered for a year. */
export const localeCookie = "NEXT_LOCALE";

/** Each language in its own words, for the switcher. */
export const localeNames: Record<Locale, string> = { en: "English", de: "Deutsch", fr: "Français", it: "Italiano" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** Pages reached without a session: sign-in, the mailed links' pages, and the end user's payout page. */
const publicPages = ["/login", "/forgot-password", "/invitation", "/reset-password", "/unsubscribe", "/pay"];

/** The pages open to end users and to people not yet signed in: they speak every language. */
export function localesForPath(pathname: string): readonly Locale[] {
  if (publicPages.some((page) => pathname === page || pathname.startsWith(`${page}/`))) return locales;
  if (pathname.startsWith("/docs/")) return referenceLocales;
  return dashboardLocales;
}

/**
 * The language of a request: the switcher's cookie when this part of the product speaks it,
 * else the best match of Accept-Language (RFC 4647 lookup, so `de-CH` gets German), else English.
 */
export function negotiateLocale(input: { cookie?: string | null; acceptLanguage?: string | null; supported: readonly Locale[] }): Locale {
  const { cookie, acceptLanguage, supported } = input;
  if (isLocale(cookie) && supported.includes(cookie)) return cookie;
  const requested = new Negotiator({ headers: { "accept-language": acceptLanguage ?? "" } }).languages();
  try {
    const best = match(requested, supported as string[], defaultLocale);
    return isLocale(best) ? best : defaultLocale;
  } catch {
    // a malformed language tag in the header: it says nothing we can use
    return defaultLocale;
  }
}
