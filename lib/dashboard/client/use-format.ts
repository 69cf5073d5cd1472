import { useLocale } from "next-intl";
import { formatters, type Formatters } from "./format";

/** The page language's formatters of amounts and dates. */
export function useFormat(): Formatters {
  return formatters(useLocale());
}
