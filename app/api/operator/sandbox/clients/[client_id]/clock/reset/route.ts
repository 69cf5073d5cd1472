import { serve } from "@/lib/dashboard/api/endpoint";
import { resetSandboxClientClock } from "@/lib/dashboard/api/endpoints/console-sandbox";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(resetSandboxClientClock);
