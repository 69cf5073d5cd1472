import { serve } from "@/lib/dashboard/api/endpoint";
import { listOwnNotifications } from "@/lib/dashboard/api/endpoints/notifications";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listOwnNotifications);
