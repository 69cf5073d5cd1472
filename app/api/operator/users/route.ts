import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { consoleUsers } from "@/lib/dashboard/console/console";

export const dynamic = "force-dynamic";

// GET /api/operator/users – the users of every tenant
export const GET = apiRoute({ roles: ["operator"], scope: "global" }, async ({ db }) => Response.json({ data: await consoleUsers(db) }));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
