import { QueryProvider } from "@/lib/client/query-provider";
import { Suspense } from "react";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { AuditPage } from "@/components/audit/audit-page";
import { currentUser } from "@/lib/auth/current-user";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("audit");

export default async function Page() {
  const user = await currentUser({ headers: await headers() });
  if (user?.role === "viewer") notFound();
  return (
    <QueryProvider>
      <Suspense>
        <AuditPage />
      </Suspense>
    </QueryProvider>
  );
}
