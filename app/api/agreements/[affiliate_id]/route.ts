import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { serviceTime } from "@/lib/service-api/client";
import { pathId } from "@/lib/http/route-params";
import { readJson } from "@/lib/http/read-body";
import { agreementBodySchema } from "@/lib/dashboard/contract/reports-api";
import { listAgreements, putAgreement } from "@/lib/dashboard/reports/agreements";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// PUT /api/agreements/{affiliate_id} – its label and share periods ({label, periods: [{from, share_percent}]})
export const PUT = apiRoute({ ...settingsRoles, mutation: "agreements.update" }, async ({ req, db, tenant, params, audit }) => {
  const id = pathId("affiliate agreement", params.affiliate_id);
  audit.target = id;
  const body = await readJson(req, agreementBodySchema);
  await putAgreement(db, tenant.id, id, body);
  const agreements = await listAgreements(db, tenant.id, tenant.timeZone, serviceTime(tenant.baseUrl));
  return Response.json(agreements.find((a) => a.affiliate_id === id));
});

export const { GET, POST, PATCH, DELETE } = otherMethods("PUT");
