import { z } from "zod";
import { locales } from "@/i18n/config";

/** POST /api/locale, an HTML form: the language chosen and the page to go back to. */
export const localeFormSchema = z.object({
  locale: z.enum(locales),
  return_to: z.string().max(2000).optional(),
});
