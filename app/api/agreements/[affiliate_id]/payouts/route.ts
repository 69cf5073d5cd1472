import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { readJson } from "@/lib/http/read-body";
import { payoutBodySchema } from "@/lib/dashboard/contract/reports-api";
import { recordPayout } from "@/lib/dashboard/reports/statements";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// POST /api/agreements/{affiliate_id}/payouts – records a payout of earnings received from the service
export const POST = apiRoute(
  { ...settingsRoles, mutation: "agreements.payout.record", stepUp: true, auditTarget: "affiliate_id" },
  async ({ req, db, tenant, user, params, audit }) => {
    const id = pathId("affiliate agreement", params.affiliate_id);
    audit.target = id;
    const body = await readJson(req, payoutBodySchema);
    return Response.json(await recordPayout(db, tenant.id, id, body, user.id), { status: 201 });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
