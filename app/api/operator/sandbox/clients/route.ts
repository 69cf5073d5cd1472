import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { consoleSimulator } from "@/lib/dashboard/simulator/simulator";

export const dynamic = "force-dynamic";

// GET /api/operator/sandbox/clients → GET /sandbox/operator/clients (the sandbox's API clients and their endpoints)
export const GET = apiRoute({ roles: ["operator"], scope: "global" }, async () => Response.json(await consoleSimulator().clients()));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
