import { QueryProvider } from "@/lib/client/query-provider";
import { NewOrderWizard } from "@/components/orders/new-order/new-order-wizard";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("newOrder");

export default function Page() {
  return (
    <QueryProvider>
      <NewOrderWizard />
    </QueryProvider>
  );
}
