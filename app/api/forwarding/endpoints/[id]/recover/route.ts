import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { readJson } from "@/lib/http/read-body";
import { recoverBodySchema } from "@/lib/dashboard/contract/forwarding-api";
import { recoverDeliveries } from "@/lib/dashboard/forwarding/deliveries";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// POST /api/forwarding/endpoints/{id}/recover {since} – every delivery that failed for good since
// then is due again now, after an outage of the affiliate's system
export const POST = apiRoute({ ...settingsRoles, mutation: "forwarding.endpoint.recover" }, async ({ req, db, tenant, params, audit }) => {
  const id = pathId("forwarding endpoint", params.id);
  const body = await readJson(req, recoverBodySchema);
  audit.target = `${id} since ${body.since}`;
  return Response.json({ recovered: await recoverDeliveries(db, tenant, id, new Date(body.since)) });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
