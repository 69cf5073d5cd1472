import { Suspense } from "react";
import { ExchangesPage } from "@/components/exchanges/exchanges-page";

export const metadata = { title: "Exchanges" };

export default function Page() {
  return (
    <Suspense>
      <ExchangesPage />
    </Suspense>
  );
}
