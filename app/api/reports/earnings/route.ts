import { serve } from "@/lib/dashboard/api/endpoint";
import { getEarningsReport } from "@/lib/dashboard/api/endpoints/reports";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getEarningsReport);
