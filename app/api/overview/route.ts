import { apiRoute, otherMethods } from "@/lib/api/route";
import { overview } from "@/lib/overview/overview";

export const dynamic = "force-dynamic";

// GET /api/overview – counts, latest exchanges, daily volume and fees per pair
export const GET = apiRoute({}, async ({ db, tenant }) => Response.json(await overview(db, tenant.id)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
