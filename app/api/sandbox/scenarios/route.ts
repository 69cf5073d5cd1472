import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import type { ScenarioList } from "@/lib/dashboard/contract/scenarios-api";
import { builtInScenarios } from "@/lib/dashboard/scenarios/built-ins";

export const dynamic = "force-dynamic";

// GET /api/sandbox/scenarios – the built-in scenarios, their values and the webhooks each makes
export const GET = apiRoute({}, async () => Response.json({ data: builtInScenarios } satisfies ScenarioList));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
