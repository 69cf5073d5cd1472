import { localeCookie, locales, negotiateLocale, type Locale } from "./config";

const cookiePattern = new RegExp(`(?:^|;\\s*)${localeCookie}=([^;]+)`);

/** The language of an API request: the switcher's cookie, else Accept-Language, among every language. */
export function requestLocale(req: Request): Locale {
  const cookie = cookiePattern.exec(req.headers.get("cookie") ?? "")?.[1];
  return negotiateLocale({ cookie: cookie ?? null, acceptLanguage: req.headers.get("accept-language"), supported: locales });
}
