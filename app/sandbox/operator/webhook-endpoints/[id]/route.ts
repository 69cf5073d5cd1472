import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { endpointSecretSchema } from "@/lib/service-api/operator-contract";
import { setEndpointSecret } from "@/lib/sandbox/operator/clients";
import { idParam } from "@/lib/sandbox/params";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// PATCH /sandbox/operator/webhook-endpoints/{id} – a new secret for one endpoint
export const PATCH = operatorRoute(async ({ req, db, params }) => {
  const id = idParam(params.id, "webhook endpoint");
  const { secret } = await readJson(req, endpointSecretSchema);
  return json(await setEndpointSecret(db, id, secret));
});

export const { GET, POST, PUT, DELETE } = otherMethods("PATCH");
