import { serve } from "@/lib/dashboard/api/endpoint";
import { getAccountSecurity } from "@/lib/dashboard/api/endpoints/account";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getAccountSecurity);
