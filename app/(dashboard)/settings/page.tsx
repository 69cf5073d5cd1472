import { Suspense } from "react";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { SettingsPage } from "@/components/settings/settings-page";
import { currentUser } from "@/lib/auth/current-user";
import { allTenants } from "@/lib/auth/tenants";
import { getDb } from "@/lib/db/client";

export const metadata = { title: "Settings" };

export default async function Page() {
  const user = await currentUser({ headers: await headers() });
  if (!user || user.role === "viewer") notFound();
  const tenants = await allTenants(await getDb());
  const tenant = tenants.find((t) => (user.tenantId ? t.id === user.tenantId : t.isDefault));
  return (
    <Suspense>
      <SettingsPage tenantName={tenant?.name ?? "Your company"} />
    </Suspense>
  );
}
