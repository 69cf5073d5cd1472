import { serve } from "@/lib/dashboard/api/endpoint";
import { reauthenticationPasskeyOptions } from "@/lib/dashboard/api/endpoints/step-up";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(reauthenticationPasskeyOptions);
