import { getTranslations } from "next-intl/server";

/** Above every page of a tenant whose service is the built-in sandbox: nothing here is real money. */
export async function SandboxBanner() {
  const t = await getTranslations("shell");
  return (
    <p
      data-testid="sandbox-banner"
      className={
        "mb-4 rounded-md border border-dashed border-amber-400 bg-amber-50 px-3 py-1.5 text-xs text-amber-900 " +
        "dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      }
    >
      <strong className="font-semibold">{t("sandboxBanner.title")}</strong> {t("sandboxBanner.text")}
    </p>
  );
}
