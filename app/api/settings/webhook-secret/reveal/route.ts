import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { revealBodySchema } from "@/lib/dashboard/contract/settings-api";
import { revealSecret } from "@/lib/dashboard/settings/settings";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// POST /api/settings/webhook-secret/reveal – one secret in full; every reveal is in the audit log
export const POST = apiRoute(
  { ...settingsRoles, mutation: "settings.webhook_secret.reveal", stepUp: true },
  async ({ req, tenant, audit }) => {
    const { which } = await readJson(req, revealBodySchema);
    audit.target = which;
    return Response.json({ secret: revealSecret(tenant, which) });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
