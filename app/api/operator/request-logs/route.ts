import { serve } from "@/lib/dashboard/api/endpoint";
import { listAnyLogs } from "@/lib/dashboard/api/endpoints/request-logs";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listAnyLogs);
