import { serve } from "@/lib/dashboard/api/endpoint";
import { createLink, revokeLinks } from "@/lib/dashboard/api/endpoints/payout-links";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(createLink, revokeLinks);
