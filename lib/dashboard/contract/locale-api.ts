import * as z from "zod/mini";
import { locales } from "@/i18n/config";

/** POST /api/locale, an HTML form: the language chosen and the page to go back to. */
export const localeFormSchema = z.object({
  locale: z.enum(locales),
  return_to: z.optional(z.string().check(z.maxLength(2000))),
});
