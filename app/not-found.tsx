import { headers } from "next/headers";
import { DashboardFrame } from "@/components/shell/dashboard-frame";
import { MissingPage } from "@/components/shell/missing-page";
import { pathHeader } from "@/i18n/request";
import { currentUser } from "@/lib/dashboard/auth/current-user";

// An address that names no page: 404 in the page's language, inside the dashboard's frame for a
// signed-in user, with a way to sign in for anyone else.
export default async function NotFound() {
  const requestHeaders = await headers();
  const user = await currentUser({ headers: requestHeaders });
  if (!user) return <MissingPage kind="notFound" signedOut />;
  return (
    <DashboardFrame user={user} path={requestHeaders.get(pathHeader) ?? "/"}>
      <MissingPage kind="notFound" />
    </DashboardFrame>
  );
}
