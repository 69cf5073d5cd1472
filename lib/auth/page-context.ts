import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { currentUser, type CurrentUser } from "./current-user";
import { allTenants, type Tenant } from "./tenants";
import { getDb, type Db } from "@/lib/db/client";

/**
 * What a server-rendered dashboard page acts on: the signed-in user (else to /login) and their
 * tenant; operators look at the default tenant, as the shell shows it.
 */
export async function pageContext(): Promise<{ user: CurrentUser; tenant: Tenant; db: Db }> {
  const user = await currentUser({ headers: await headers() });
  if (!user) redirect("/login");
  const db = await getDb();
  const tenants = await allTenants(db);
  const tenant = tenants.find((t) => t.id === user.tenantId) ?? tenants.find((t) => t.isDefault);
  if (!tenant) notFound();
  return { user, tenant, db };
}
