import { serve } from "@/lib/dashboard/api/endpoint";
import { getExchange, requestPayout } from "@/lib/dashboard/api/endpoints/exchanges";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getExchange, requestPayout);
