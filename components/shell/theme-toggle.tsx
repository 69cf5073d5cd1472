"use client";
import { useTranslations } from "next-intl";

/** Light or dark, remembered in this browser; the root layout applies it before first paint. */
export function ThemeToggle() {
  const t = useTranslations("shell.theme");
  return (
    <button
      type="button"
      onClick={() => {
        const dark = !document.documentElement.classList.contains("dark");
        document.documentElement.classList.toggle("dark", dark);
        localStorage.setItem("theme", dark ? "dark" : "light");
      }}
      className={
        "rounded-md px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 " +
        "focus-visible:outline-orange-500 dark:text-zinc-300 dark:hover:bg-zinc-800"
      }
      aria-label={t("label")}
    >
      <span className="dark:hidden">{t("dark")}</span>
      <span className="hidden dark:inline">{t("light")}</span>
    </button>
  );
}
