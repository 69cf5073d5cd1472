import { serve } from "@/lib/dashboard/api/endpoint";
import { getNotificationPreferences, setNotificationPreferences } from "@/lib/dashboard/api/endpoints/notifications";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getNotificationPreferences, setNotificationPreferences);
