import { serve } from "@/lib/dashboard/api/endpoint";
import { resetMemberSecondFactors } from "@/lib/dashboard/api/endpoints/security-policy";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(resetMemberSecondFactors);
