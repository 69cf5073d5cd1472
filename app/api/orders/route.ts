import { serve } from "@/lib/dashboard/api/endpoint";
import { createOrder, listIndexedOrders } from "@/lib/dashboard/api/endpoints/orders";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listIndexedOrders, createOrder);
