import { serve } from "@/lib/dashboard/api/endpoint";
import { searchObjects } from "@/lib/dashboard/api/endpoints/search";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(searchObjects);
