import { getTranslations } from "next-intl/server";

/** What a member of a tenant an operator disabled reads, above their own account page. */
export async function TenantPaused() {
  const t = await getTranslations("shell");
  return (
    <p
      role="alert"
      className={
        "mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 " +
        "dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      }
    >
      {t("tenantPaused")}
    </p>
  );
}
