import { serve } from "@/lib/dashboard/api/endpoint";
import { createKey, listKeys } from "@/lib/dashboard/api/endpoints/api-keys";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listKeys, createKey);
