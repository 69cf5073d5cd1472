import { serve } from "@/lib/dashboard/api/endpoint";
import { getSimulatorSteps, simulateExchangeStep } from "@/lib/dashboard/api/endpoints/simulator";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getSimulatorSteps, simulateExchangeStep);
