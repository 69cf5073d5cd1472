import { headers } from "next/headers";
import type { ReactNode } from "react";
import { DashboardFrame } from "@/components/shell/dashboard-frame";
import { pathHeader } from "@/i18n/request";
import { currentUser } from "@/lib/dashboard/auth/current-user";
import { signInAgain } from "@/lib/dashboard/auth/page-context";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const requestHeaders = await headers();
  const user = await currentUser({ headers: requestHeaders });
  if (!user) signInAgain(requestHeaders);
  // someone the policy asks for a second factor gets a frame without navigation; each page's
  // pageContext() sends them to their account page (a redirect here would loop on a client navigation)
  return (
    <DashboardFrame user={user} path={requestHeaders.get(pathHeader) ?? "/"}>
      {children}
    </DashboardFrame>
  );
}
