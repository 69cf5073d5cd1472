import { serve } from "@/lib/dashboard/api/endpoint";
import { exchangesJsonLines } from "@/lib/dashboard/api/endpoints/exports";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(exchangesJsonLines);
