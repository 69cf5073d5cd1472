import { serve } from "@/lib/dashboard/api/endpoint";
import { deleteTenant, updateTenant } from "@/lib/dashboard/api/endpoints/console";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(updateTenant, deleteTenant);
