import { serve } from "@/lib/dashboard/api/endpoint";
import { createSavedView, listSavedViews } from "@/lib/dashboard/api/endpoints/views";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listSavedViews, createSavedView);
