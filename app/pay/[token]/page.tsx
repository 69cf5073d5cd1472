import { PayoutPage } from "@/components/pay/payout-page";

export const metadata = { title: "Your bitcoin payout", robots: { index: false, follow: false } };

// The end user's payout page: no sign-in, only the unguessable token.
export default async function Page({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <PayoutPage token={token} />;
}
