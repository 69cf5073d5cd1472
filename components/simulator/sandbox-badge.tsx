import { useTranslations } from "next-intl";

/** Marks what exists only against this app's sandbox. */
export function SandboxBadge() {
  const t = useTranslations("simulator");
  return (
    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
      {t("badge")}
    </span>
  );
}
