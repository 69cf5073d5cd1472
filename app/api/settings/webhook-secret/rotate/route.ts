import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { requestOrigin } from "@/lib/http/request-origin";
import { readJson } from "@/lib/http/read-body";
import { rotateBodySchema } from "@/lib/dashboard/contract/settings-api";
import { rotateSecret } from "@/lib/dashboard/settings/settings";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// POST /api/settings/webhook-secret/rotate – a new secret, made here or the one the service issued
// (in this answer only); the old one stays valid for the overlap
export const POST = apiRoute(
  { ...settingsRoles, mutation: "settings.webhook_secret.rotate", stepUp: true },
  async ({ req, db, tenant, audit }) => {
    const { overlap_hours, secret } = await readJson(req, rotateBodySchema);
    audit.target = `overlap ${overlap_hours} h${secret ? ", the service's secret" : ""}`;
    return Response.json(await rotateSecret(db, tenant, overlap_hours, requestOrigin(req), secret));
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
