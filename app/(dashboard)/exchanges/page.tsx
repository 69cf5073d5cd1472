import { QueryProvider } from "@/lib/client/query-provider";
import { Suspense } from "react";
import { ExchangesPage } from "@/components/exchanges/exchanges-page";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("exchanges");

export default function Page() {
  return (
    <QueryProvider>
      <Suspense>
        <ExchangesPage />
      </Suspense>
    </QueryProvider>
  );
}
