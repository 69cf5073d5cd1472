import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { requestOrigin } from "@/lib/http/request-origin";
import { readJson } from "@/lib/http/read-body";
import { consoleTenants, createConsoleTenant } from "@/lib/dashboard/console/console";
import { tenantCreateBodySchema } from "@/lib/dashboard/contract/console-api";

export const dynamic = "force-dynamic";

const operators = { roles: ["operator" as const], scope: "global" as const };

// GET /api/operator/tenants – every tenant with the webhook URL to register
export const GET = apiRoute(operators, async ({ req, db }) => Response.json({ data: await consoleTenants(db, requestOrigin(req)) }));

// POST /api/operator/tenants – a new tenant; its webhook secret is shown in this answer only
export const POST = apiRoute({ ...operators, mutation: "tenants.create", stepUp: true }, async ({ req, db, audit }) => {
  const input = await readJson(req, tenantCreateBodySchema);
  const tenant = await createConsoleTenant(db, input, requestOrigin(req));
  audit.target = tenant.id;
  return Response.json(tenant, { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
