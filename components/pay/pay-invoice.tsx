"use client";
import { useRouter } from "next/navigation";
import { InvoiceDisclosure } from "@/components/payouts/invoice-disclosure";
import type { NetworkName } from "@/lib/bitcoin/networks";
import type { Locale } from "@/i18n/config";

/** The payout page's "paste an invoice": sent to the public API, then the page is rendered again. */
export function PayInvoice(props: {
  token: string;
  locale: Locale;
  network: NetworkName;
  expectedSats: number;
  feeSats: number;
  summary: string;
  loading: string;
}) {
  const router = useRouter();
  const { token, ...form } = props;
  return (
    <InvoiceDisclosure
      {...form}
      submit={async (invoice) => {
        // the API client and its schemas load with the form, not with the page
        const [{ apiFetch }, { publicViewSchema }] = await Promise.all([
          import("@/lib/dashboard/client/api"),
          import("@/lib/dashboard/contract/dashboard-api"),
        ]);
        await apiFetch(`/api/pay/${encodeURIComponent(token)}/invoice`, publicViewSchema, { method: "POST", body: { invoice } });
        router.refresh();
      }}
    />
  );
}
