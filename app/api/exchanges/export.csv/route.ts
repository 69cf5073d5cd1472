import { serve } from "@/lib/dashboard/api/endpoint";
import { exchangesCsv } from "@/lib/dashboard/api/endpoints/exports";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(exchangesCsv);
