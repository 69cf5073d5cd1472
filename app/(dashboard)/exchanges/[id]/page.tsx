import { QueryProvider } from "@/lib/client/query-provider";
import { ExchangePage } from "@/components/exchanges/exchange-page";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("exchange");

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <QueryProvider>
      <ExchangePage id={id} />
    </QueryProvider>
  );
}
