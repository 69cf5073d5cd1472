import { Suspense } from "react";
import { OrdersPage } from "@/components/orders/orders-page";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("orders");

export default function Page() {
  return (
    <Suspense>
      <OrdersPage />
    </Suspense>
  );
}
