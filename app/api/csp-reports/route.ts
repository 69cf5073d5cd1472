import { serve } from "@/lib/dashboard/api/endpoint";
import { reportCspViolations } from "@/lib/dashboard/api/endpoints/browser";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(reportCspViolations);
