import { QueryProvider } from "@/lib/client/query-provider";
import { OrderPage } from "@/components/orders/order-page";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("order");

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <QueryProvider>
      <OrderPage id={id} />
    </QueryProvider>
  );
}
