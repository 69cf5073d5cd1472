import { serve } from "@/lib/dashboard/api/endpoint";
import { listAllExchanges } from "@/lib/dashboard/api/endpoints/console";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listAllExchanges);
