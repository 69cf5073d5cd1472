import { json, operatorRoute, otherMethods, readJson } from "@/lib/sandbox/http";
import { parseOrThrow } from "@/lib/errors";
import { replaceWebhookEndpoints, webhookEndpointsSchema } from "@/lib/sandbox/operator/clients";

export const dynamic = "force-dynamic";

// PUT /sandbox/operator/clients/{client_id}/webhook-endpoints
export const PUT = operatorRoute(async ({ req, db, params }) => {
  const input = parseOrThrow(webhookEndpointsSchema, await readJson(req));
  return json(await replaceWebhookEndpoints(db, params.clientId ?? "", input));
});

export const { GET, POST, PATCH, DELETE } = otherMethods("PUT");
