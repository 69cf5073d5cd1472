import { serve } from "@/lib/dashboard/api/endpoint";
import { listWebhookRejections } from "@/lib/dashboard/api/endpoints/audit";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listWebhookRejections);
