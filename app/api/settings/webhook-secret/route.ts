import { serve } from "@/lib/dashboard/api/endpoint";
import { getWebhookSecret } from "@/lib/dashboard/api/endpoints/credentials";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getWebhookSecret);
