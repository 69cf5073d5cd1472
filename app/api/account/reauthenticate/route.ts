import { serve } from "@/lib/dashboard/api/endpoint";
import { reauthenticationMethods, confirmReauthentication } from "@/lib/dashboard/api/endpoints/step-up";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(reauthenticationMethods, confirmReauthentication);
