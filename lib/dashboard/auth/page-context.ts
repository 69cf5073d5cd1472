import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { currentUser, type CurrentUser } from "./current-user";
import { allTenants, type Tenant } from "./tenants";
import { getDb, type Db } from "@/lib/db/client";
import { pathHeader } from "@/i18n/request";

/**
 * To sign-in, and back to this page afterwards: a page whose session ended (a refresh of an open
 * page after a sign-out elsewhere, a revoked session) sends its person to sign in again.
 */
export function signInAgain(requestHeaders: Headers): never {
  const page = new URL(requestHeaders.get(pathHeader) ?? "/", "http://page");
  page.searchParams.delete("_rsc"); // Next's own parameter on a refresh's request
  redirect(`/login?callbackUrl=${encodeURIComponent(page.pathname + page.search)}`);
}

/**
 * What a server-rendered dashboard page acts on: the signed-in user (else to /login; to their
 * account page while they must set up a second factor) and their tenant; operators look at the
 * default tenant, as the shell shows it.
 */
export async function pageContext(): Promise<{ user: CurrentUser; tenant: Tenant; db: Db }> {
  const requestHeaders = await headers();
  const user = await currentUser({ headers: requestHeaders });
  if (!user) signInAgain(requestHeaders);
  // nothing of the tenant's is read for someone who must first set up a second factor
  if (user.mustEnrol) redirect("/account");
  const db = await getDb();
  const tenants = await allTenants(db);
  const tenant = user.role === "operator" ? tenants.find((t) => t.isDefault) : tenants.find((t) => t.id === user.tenantId);
  if (!tenant) notFound();
  // a disabled tenant's members read nothing of it: their account page says why (the shell's notice)
  if (tenant.disabled && user.role !== "operator") redirect("/account");
  return { user, tenant, db };
}
