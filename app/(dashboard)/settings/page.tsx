import { QueryProvider } from "@/lib/client/query-provider";
import { Suspense } from "react";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SettingsPage } from "@/components/settings/settings-page";
import { currentUser } from "@/lib/auth/current-user";
import { allTenants } from "@/lib/auth/tenants";
import { getDb } from "@/lib/db/client";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("settings");

export default async function Page() {
  const user = await currentUser({ headers: await headers() });
  if (!user || user.role === "viewer") notFound();
  const tenants = await allTenants(await getDb());
  const tenant = tenants.find((t) => (user.tenantId ? t.id === user.tenantId : t.isDefault));
  return (
    <QueryProvider>
      <Suspense>
        <SettingsPage tenantName={tenant?.name ?? (await getTranslations("settings"))("yourCompany")} />
      </Suspense>
    </QueryProvider>
  );
}
