import { serve } from "@/lib/dashboard/api/endpoint";
import { renameOwnPasskey, removeOwnPasskey } from "@/lib/dashboard/api/endpoints/account";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(renameOwnPasskey, removeOwnPasskey);
