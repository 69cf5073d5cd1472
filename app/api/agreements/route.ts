import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { serviceTime } from "@/lib/service-api/client";
import { readJson } from "@/lib/http/read-body";
import { agreementsBodySchema } from "@/lib/dashboard/contract/reports-api";
import { listAgreements, putAgreements } from "@/lib/dashboard/reports/agreements";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// GET /api/agreements – every affiliate agreement with its label and share periods
export const GET = apiRoute({}, async ({ db, tenant }) =>
  Response.json({ data: await listAgreements(db, tenant.id, tenant.timeZone, serviceTime(tenant.baseUrl)), time_zone: tenant.timeZone }),
);

// PUT /api/agreements – replaces every agreement's label and periods ({data: [{affiliate_id, label, periods}]})
export const PUT = apiRoute({ ...settingsRoles, mutation: "agreements.replace" }, async ({ req, db, tenant }) => {
  const { data } = await readJson(req, agreementsBodySchema);
  await putAgreements(db, tenant.id, data);
  return Response.json({
    data: await listAgreements(db, tenant.id, tenant.timeZone, serviceTime(tenant.baseUrl)),
    time_zone: tenant.timeZone,
  });
});

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
