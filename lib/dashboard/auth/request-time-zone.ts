import "server-only";
import { currentUser } from "./current-user";
import { allTenants } from "./tenants";
import { getDb } from "@/lib/db/client";

/** The zone of a page without a signed-in person (sign-in, the payout page's server parts): the tenants' default. */
export const defaultTimeZone = "Europe/Zurich";

/**
 * The time zone a page's times are written in: the signed-in person's tenant's (Settings → time
 * zone, the one its reports count days in; an operator's, the default tenant's, as the shell
 * shows), so that a page says every time in one zone, on the server and in the browser alike,
 * whatever zone the server or the reader's computer is in.
 */
export async function requestTimeZone(requestHeaders: Headers): Promise<string> {
  if (!requestHeaders.get("cookie")) return defaultTimeZone;
  try {
    const user = await currentUser({ headers: requestHeaders });
    if (!user) return defaultTimeZone;
    const tenants = await allTenants(await getDb());
    const tenant = user.role === "operator" ? tenants.find((t) => t.isDefault) : tenants.find((t) => t.id === user.tenantId);
    return tenant?.timeZone ?? defaultTimeZone;
  } catch {
    // a page that cannot read its tenant says so itself; its times need not fail with it
    return defaultTimeZone;
  }
}
