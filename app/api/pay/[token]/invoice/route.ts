import { serve } from "@/lib/dashboard/api/endpoint";
import { submitPayoutInvoice } from "@/lib/dashboard/api/endpoints/pay";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(submitPayoutInvoice);
