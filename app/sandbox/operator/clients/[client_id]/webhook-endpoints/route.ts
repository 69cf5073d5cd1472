import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { replaceWebhookEndpoints, webhookEndpointsSchema } from "@/lib/sandbox/operator/clients";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// PUT /sandbox/operator/clients/{client_id}/webhook-endpoints
export const PUT = operatorRoute(async ({ req, db, params }) => {
  const input = await readJson(req, webhookEndpointsSchema);
  return json(await replaceWebhookEndpoints(db, params.client_id ?? "", input));
});

export const { GET, POST, PATCH, DELETE } = otherMethods("PUT");
