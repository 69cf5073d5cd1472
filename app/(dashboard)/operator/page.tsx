import { QueryProvider } from "@/lib/client/query-provider";
import { Suspense } from "react";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { OperatorPage } from "@/components/operator/operator-page";
import { currentUser } from "@/lib/auth/current-user";
import { env } from "@/lib/env";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("operator");

export default async function Page() {
  const user = await currentUser({ headers: await headers() });
  if (user?.role !== "operator") notFound();
  return (
    <QueryProvider>
      <Suspense>
        <OperatorPage sandbox={env().sandboxEnabled} />
      </Suspense>
    </QueryProvider>
  );
}
