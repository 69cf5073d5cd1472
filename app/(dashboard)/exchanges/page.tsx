import { Suspense } from "react";
import { ExchangesPage } from "@/components/exchanges/exchanges-page";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("exchanges");

export default function Page() {
  return (
    <Suspense>
      <ExchangesPage />
    </Suspense>
  );
}
