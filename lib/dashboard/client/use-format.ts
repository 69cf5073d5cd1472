import { useLocale, useTimeZone } from "next-intl";
import { formatters, type Formatters } from "./format";

/** The zone a page's times are in: the tenant's (i18n/request.ts), the same on the server and in the browser. */
export function usePageTimeZone(): string {
  return useTimeZone() ?? "UTC";
}

/** The page language's formatters of amounts and dates, its times in the page's zone. */
export function useFormat(): Formatters {
  return formatters(useLocale(), usePageTimeZone());
}
