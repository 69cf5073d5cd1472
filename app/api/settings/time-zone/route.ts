import { serve } from "@/lib/dashboard/api/endpoint";
import { getTimeZone, setTimeZone } from "@/lib/dashboard/api/endpoints/time-zone";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getTimeZone, setTimeZone);
