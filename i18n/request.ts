import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { dashboardLocales, isLocale, localeCookie, negotiateLocale, type Locale } from "./config";

/** The header the proxy sets on each page request: the language it negotiated for that path. */
export const localeHeader = "x-locale";

// next-intl's configuration for each server render: the language the proxy chose for the page
// and that language's catalogue. Where the proxy does not run (the sandbox's pages), the
// negotiation is made again among the dashboard's languages.
export default getRequestConfig(async ({ locale: explicit }) => {
  const requestHeaders = await headers();
  const fromProxy = requestHeaders.get(localeHeader);
  const locale: Locale = isLocale(explicit)
    ? explicit
    : isLocale(fromProxy)
      ? fromProxy
      : negotiateLocale({
          cookie: (await cookies()).get(localeCookie)?.value,
          acceptLanguage: requestHeaders.get("accept-language"),
          supported: dashboardLocales,
        });
  const messages = (await import(`../messages/${locale}.json`)) as { default: Record<string, unknown> };
  return { locale, messages: messages.default, timeZone: "Europe/Zurich" };
});
