import { serve } from "@/lib/dashboard/api/endpoint";
import { earningsJsonLines } from "@/lib/dashboard/api/endpoints/exports";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(earningsJsonLines);
