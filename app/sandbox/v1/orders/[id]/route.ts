import { serve } from "@/lib/sandbox/endpoint";
import { getOrderEndpoint, updateOrderEndpoint } from "@/lib/sandbox/orders/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getOrderEndpoint, updateOrderEndpoint);
