"use client";
import { useTranslations } from "next-intl";

/** Error codes of the API as sentences a person can act on, in the page's language. */
export function useErrorMessage(): (code: string) => string {
  const t = useTranslations("errors");
  return (code) => {
    // codes are the API's, not known at compile time: the catalogue says which it explains
    const key = `codes.${code}` as "codes.network_error";
    return t.has(key) ? t(key) : t("unknown", { code });
  };
}
