import { serve } from "@/lib/sandbox/endpoint";
import { runDueDeliveriesEndpoint } from "@/lib/sandbox/operator/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(runDueDeliveriesEndpoint);
