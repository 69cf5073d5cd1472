import { headers } from "next/headers";
import { AccountPage } from "@/components/account/account-page";
import { titled } from "@/i18n/page-title";
import { accountSecurity } from "@/lib/dashboard/account/security";
import { currentUser } from "@/lib/dashboard/auth/current-user";
import { signInAgain } from "@/lib/dashboard/auth/page-context";
import { getDb } from "@/lib/db/client";

export const generateMetadata = titled("account");

/** The signed-in person's own account: their second factors (open also while they must enrol one). */
export default async function Page() {
  const requestHeaders = await headers();
  const user = await currentUser({ headers: requestHeaders });
  if (!user) signInAgain(requestHeaders);
  return <AccountPage security={await accountSecurity(await getDb(), user)} operator={user.role === "operator"} />;
}
