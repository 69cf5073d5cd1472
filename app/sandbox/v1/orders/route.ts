import { serve } from "@/lib/sandbox/endpoint";
import { createOrderEndpoint } from "@/lib/sandbox/orders/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(createOrderEndpoint);
