import { serve } from "@/lib/dashboard/api/endpoint";
import { labelAffiliateAgreement, unlabelAffiliateAgreement } from "@/lib/dashboard/api/endpoints/agreements";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(labelAffiliateAgreement, unlabelAffiliateAgreement);
