import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { currentUser } from "@/lib/auth/current-user";
import { allTenants } from "@/lib/auth/tenants";
import { explorerBase } from "@/lib/bitcoin/networks";
import { getDb } from "@/lib/db/client";
import { isSandboxTenant } from "@/lib/simulator/simulator";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await currentUser({ headers: await headers() });
  if (!user) redirect("/login");
  const tenants = await allTenants(await getDb());
  const tenant = tenants.find((t) => t.id === user.tenantId) ?? tenants.find((t) => t.isDefault);
  const network = tenant?.network ?? "mainnet";
  return (
    <AppShell
      user={{
        email: user.email,
        role: user.role,
        tenantName: tenant?.name ?? "Dashboard",
        network,
        explorer: explorerBase[network],
        simulator: tenant ? isSandboxTenant(tenant) : false,
      }}
    >
      {children}
    </AppShell>
  );
}
