import { useLocale, useTimeZone } from "next-intl";
import { formatters, type Formatters } from "./format";

/** The page language's formatters of amounts and dates, its dates in the tenant's time zone (the provider's). */
export function useFormat(): Formatters {
  return formatters(useLocale(), useTimeZone());
}
