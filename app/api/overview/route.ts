import { serve } from "@/lib/dashboard/api/endpoint";
import { getOverview } from "@/lib/dashboard/api/endpoints/audit";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getOverview);
