import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { affiliates } from "@/lib/dashboard/settings/settings";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// GET /api/settings/affiliates – every affiliate_id of the tenant's orders or labelled, with its label
export const GET = apiRoute(settingsRoles, async ({ db, tenant }) => Response.json({ data: await affiliates(db, tenant.id) }));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
