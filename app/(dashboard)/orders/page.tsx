import { QueryProvider } from "@/lib/client/query-provider";
import { Suspense } from "react";
import { OrdersPage } from "@/components/orders/orders-page";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("orders");

export default function Page() {
  return (
    <QueryProvider>
      <Suspense>
        <OrdersPage />
      </Suspense>
    </QueryProvider>
  );
}
