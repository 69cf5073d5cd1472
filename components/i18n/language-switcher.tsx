import { getLocale, getTranslations } from "next-intl/server";
import { localeNames, type Locale } from "@/i18n/config";

/**
 * The visible language choice: each language in its own words, as a plain form (it works
 * before any script has loaded) that remembers the choice in a cookie and comes back to this page.
 */
export async function LanguageSwitcher({
  offered,
  returnTo,
  compact = false,
}: {
  offered: readonly Locale[];
  returnTo: string;
  /** In the dashboard's header: the language's code shown, its name read out after it. */
  compact?: boolean;
}) {
  const [current, t] = await Promise.all([getLocale(), getTranslations("language")]);
  return (
    <form method="post" action="/api/locale" aria-label={t("label")} className="flex flex-wrap items-center justify-center gap-1">
      <input type="hidden" name="return_to" value={returnTo} />
      {offered.map((locale) => (
        <button
          key={locale}
          type="submit"
          name="locale"
          value={locale}
          lang={locale}
          aria-current={locale === current ? "true" : undefined}
          title={compact ? localeNames[locale] : undefined}
          className={
            (compact ? "rounded px-1.5 py-1 text-xs " : "rounded px-2.5 py-1.5 text-sm ") +
            "focus-visible:outline-2 focus-visible:outline-orange-500 " +
            (locale === current
              ? "font-semibold text-zinc-900 underline decoration-2 underline-offset-4 dark:text-zinc-100"
              : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800")
          }
        >
          {compact ? (
            <>
              {locale.toUpperCase()}
              <span className="sr-only"> {localeNames[locale]}</span>
            </>
          ) : (
            localeNames[locale]
          )}
        </button>
      ))}
    </form>
  );
}
