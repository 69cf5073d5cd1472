import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import { AppShell } from "@/components/shell/app-shell";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { dashboardLocales } from "@/i18n/config";
import dashboardCatalogue from "@/messages/dashboard/en.json";
import { streamScopeOf, type CurrentUser } from "@/lib/dashboard/auth/current-user";
import { allTenants } from "@/lib/dashboard/auth/tenants";
import { explorerBase } from "@/lib/bitcoin/networks";
import { getDb } from "@/lib/db/client";
import { isSandboxTenant } from "@/lib/dashboard/simulator/simulator";
import { TenantPaused } from "@/components/shell/tenant-paused";
import { SandboxBanner } from "@/components/shell/sandbox-banner";
import { ExampleActivityBanner } from "@/components/shell/example-activity-banner";
import { exampleActivity } from "@/lib/dashboard/demo/demo-progress";
import { reachabilityOf } from "@/lib/dashboard/upstream/reachability";
import { unreadCount } from "@/lib/dashboard/notifications/inbox";

/** What the dashboard's client components read: its own catalogue, not the public pages'. */
const clientNamespaces = Object.keys(dashboardCatalogue) as (keyof typeof dashboardCatalogue)[];

/**
 * The dashboard's frame for a signed-in user: header, navigation, the tenant's state, and the
 * dashboard's words for the client components. The dashboard's layout puts every page in it, and
 * an address that names no page is answered in it too (app/not-found.tsx).
 */
export async function DashboardFrame({ user, path, children }: { user: CurrentUser; path: string; children: ReactNode }) {
  const [locale, messages, timeZone] = await Promise.all([getLocale(), getMessages(), getTimeZone()]);
  const picked = Object.fromEntries(clientNamespaces.map((ns) => [ns, messages[ns]]));
  const db = await getDb();
  const [tenants, unread] = await Promise.all([allTenants(db), user.role === "operator" ? null : unreadCount(db, user.id)]);
  const tenant = user.role === "operator" ? tenants.find((t) => t.isDefault) : tenants.find((t) => t.id === user.tenantId);
  const network = tenant?.network ?? "mainnet";
  // a disabled tenant's members keep their own account page, with this notice, and nothing else
  const paused = user.role !== "operator" && Boolean(tenant?.disabled);
  const sandbox = tenant ? isSandboxTenant(tenant) : false;
  const activity = sandbox ? exampleActivity() : null;
  return (
    <NextIntlClientProvider locale={locale} messages={picked} timeZone={timeZone}>
      <AppShell
        languages={<LanguageSwitcher offered={dashboardLocales} returnTo={path} compact />}
        user={{
          email: user.email,
          role: user.role,
          tenantName: tenant?.name ?? "Dashboard",
          network,
          explorer: explorerBase[network],
          simulator: sandbox,
          mustEnrol: user.mustEnrol || paused,
          serviceFailingSince: tenant ? (reachabilityOf(tenant.baseUrl).failingSince?.toISOString() ?? null) : null,
          unread,
          streamScope: streamScopeOf(user.sessionId),
        }}
      >
        {sandbox && <SandboxBanner />}
        {activity && <ExampleActivityBanner activity={activity} />}
        {paused && <TenantPaused />}
        {children}
      </AppShell>
    </NextIntlClientProvider>
  );
}
