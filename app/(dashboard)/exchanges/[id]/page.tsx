import { ExchangePage } from "@/components/exchanges/exchange-page";

export const metadata = { title: "Exchange" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ExchangePage id={id} />;
}
