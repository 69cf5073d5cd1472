import { serve } from "@/lib/dashboard/api/endpoint";
import { listLinks } from "@/lib/dashboard/api/endpoints/payout-links";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listLinks);
