import { NewOrderWizard } from "@/components/orders/new-order/new-order-wizard";

export const metadata = { title: "New order" };

export default function Page() {
  return <NewOrderWizard />;
}
