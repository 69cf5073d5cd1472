import { serve } from "@/lib/dashboard/api/endpoint";
import { getSecondStep } from "@/lib/dashboard/api/endpoints/sign-in";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getSecondStep);
