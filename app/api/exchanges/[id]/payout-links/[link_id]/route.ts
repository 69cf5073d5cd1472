import { serve } from "@/lib/dashboard/api/endpoint";
import { revokeLink } from "@/lib/dashboard/api/endpoints/payout-links";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(revokeLink);
