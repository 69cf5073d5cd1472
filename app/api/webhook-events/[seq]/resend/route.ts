import { serve } from "@/lib/dashboard/api/endpoint";
import { resendEvent } from "@/lib/dashboard/api/endpoints/webhook-events";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(resendEvent);
