import { Suspense } from "react";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { AuditPage } from "@/components/audit/audit-page";
import { currentUser } from "@/lib/auth/current-user";

export const metadata = { title: "Audit log" };

export default async function Page() {
  const user = await currentUser({ headers: await headers() });
  if (user?.role === "viewer") notFound();
  return (
    <Suspense>
      <AuditPage />
    </Suspense>
  );
}
