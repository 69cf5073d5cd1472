import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { readJson } from "@/lib/http/read-body";
import { affiliateBodySchema } from "@/lib/dashboard/contract/settings-api";
import { affiliates, labelAffiliate, unlabelAffiliate } from "@/lib/dashboard/settings/settings";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// PUT /api/settings/affiliates/{affiliate_id} – its label
export const PUT = apiRoute({ ...settingsRoles, mutation: "settings.affiliate.label" }, async ({ req, db, tenant, params, audit }) => {
  const id = pathId("affiliate agreement", params.affiliate_id);
  audit.target = id;
  const { label } = await readJson(req, affiliateBodySchema);
  await labelAffiliate(db, tenant.id, id, label);
  return Response.json((await affiliates(db, tenant.id)).find((a) => a.affiliate_id === id));
});

// DELETE /api/settings/affiliates/{affiliate_id} – forget its label
export const DELETE = apiRoute({ ...settingsRoles, mutation: "settings.affiliate.unlabel" }, async ({ db, tenant, params, audit }) => {
  const id = pathId("affiliate agreement", params.affiliate_id);
  audit.target = id;
  await unlabelAffiliate(db, tenant.id, id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PATCH } = otherMethods("PUT", "DELETE");
