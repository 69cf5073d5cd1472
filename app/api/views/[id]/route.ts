import { serve } from "@/lib/dashboard/api/endpoint";
import { deleteSavedView, updateSavedView } from "@/lib/dashboard/api/endpoints/views";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(updateSavedView, deleteSavedView);
