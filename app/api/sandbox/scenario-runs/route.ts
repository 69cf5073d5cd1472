import { serve } from "@/lib/dashboard/api/endpoint";
import { listScenarioRuns } from "@/lib/dashboard/api/endpoints/scenarios";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listScenarioRuns);
