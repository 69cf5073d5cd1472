import { headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { requestTimeZone } from "@/lib/dashboard/auth/request-time-zone";
import { dashboardLocales, defaultLocale, isLocale, type Locale } from "./config";

/** The header the proxy sets on each page request: the language it negotiated for that path. */
export const localeHeader = "x-locale";
/** The page's path and query, which the proxy passes on for the language switcher to come back to. */
export const pathHeader = "x-page-path";

type Catalogue = Record<string, unknown>;

/**
 * A language's messages: the public pages' catalogue, and the dashboard's where the dashboard
 * speaks that language (every language now; the check stays for a language added to the public pages first).
 */
async function messagesOf(locale: Locale): Promise<Catalogue> {
  const common = ((await import(`../messages/${locale}.json`)) as { default: Catalogue }).default;
  if (!dashboardLocales.includes(locale)) return common;
  const dashboard = ((await import(`../messages/dashboard/${locale}.json`)) as { default: Catalogue }).default;
  return { ...common, ...dashboard };
}

// next-intl's configuration for each server render: the language the proxy chose for the page
// and that language's catalogue. Where the proxy does not run (the sandbox's own pages, its
// English developer reference), the page is English. Its times are in the signed-in person's
// tenant's time zone (lib/dashboard/auth/request-time-zone.ts).
export default getRequestConfig(async ({ locale: explicit }) => {
  const requestHeaders = await headers();
  const fromProxy = requestHeaders.get(localeHeader);
  const locale: Locale = isLocale(explicit) ? explicit : isLocale(fromProxy) ? fromProxy : defaultLocale;
  const [messages, timeZone] = await Promise.all([messagesOf(locale), requestTimeZone(requestHeaders)]);
  return { locale, messages, timeZone };
});
