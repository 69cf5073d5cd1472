import { serve } from "@/lib/dashboard/api/endpoint";
import { getSecurityPolicy, putSecurityPolicy } from "@/lib/dashboard/api/endpoints/security-policy";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getSecurityPolicy, putSecurityPolicy);
