import { serve } from "@/lib/dashboard/api/endpoint";
import { askForPasswordReset } from "@/lib/dashboard/api/endpoints/account-links";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(askForPasswordReset);
