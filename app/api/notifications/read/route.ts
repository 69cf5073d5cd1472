import { serve } from "@/lib/dashboard/api/endpoint";
import { markNotificationsRead } from "@/lib/dashboard/api/endpoints/notifications";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(markNotificationsRead);
