import "server-only";
import type { ErrorCode } from "@/lib/errors";
import {
  credentialsBodySchema,
  credentialsSchema,
  revealBodySchema,
  revealedSchema,
  rotateBodySchema,
  rotatedSchema,
  webhookSecretStatusSchema,
} from "@/lib/dashboard/contract/settings-api";
import { credentials, replaceCredentials, revealSecret, rotateSecret, webhookSecretStatus } from "@/lib/dashboard/settings/settings";
import { settingsRoles } from "@/lib/dashboard/settings/roles";
import { requestOrigin } from "@/lib/http/request-origin";
import { endpoint } from "../endpoint";
import { mutation } from "../error-sets";

// A tenant's secrets with the service (/api/settings, admins and operators): the webhook secret
// and the API credentials. Shown masked; revealing, rotating or replacing one asks for step-up and
// is in the audit log.

const read = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const upstream = ["upstream_unavailable", "upstream_invalid_response", "upstream_timeout"] satisfies ErrorCode[];
const tag = "settings";

// GET /api/settings/webhook-secret – the secrets masked, and the URL to register
export const getWebhookSecret = endpoint({
  method: "GET",
  path: "/settings/webhook-secret",
  access: settingsRoles,
  doc: {
    operationId: "getWebhookSecret",
    summary: "The webhook secret, masked",
    description: "The URL to register with the service, the current secret and, during a rotation's overlap, the previous one.",
    tag,
    success: { status: 200, description: "The secrets, masked", schema: webhookSecretStatusSchema },
    errors: read,
  },
  handler: async ({ req, tenant }) => Response.json(webhookSecretStatus(tenant, requestOrigin(req))),
});

// POST /api/settings/webhook-secret/rotate – a new secret, made here or the one the service issued
// (in this answer only); the old one stays valid for the overlap
export const rotateWebhookSecret = endpoint({
  method: "POST",
  path: "/settings/webhook-secret/rotate",
  access: { ...settingsRoles, mutation: "settings.webhook_secret.rotate", stepUp: true },
  body: { schema: rotateBodySchema, example: { overlap_hours: 24 } },
  doc: {
    operationId: "rotateWebhookSecret",
    summary: "Rotate the webhook secret",
    description:
      "A new secret, in this answer only. Webhooks signed with the old one are accepted for `overlap_hours` (default 24) " +
      "while the new one is registered with the service; against this app's sandbox that happens at once.",
    tag,
    success: { status: 200, description: "The new secret and the state after the rotation", schema: rotatedSchema },
    errors: [...mutation, ...upstream],
  },
  handler: async ({ req, db, tenant, audit, body: { overlap_hours, secret } }) => {
    audit.target = `overlap ${overlap_hours} h${secret ? ", the service's secret" : ""}`;
    return Response.json(await rotateSecret(db, tenant, overlap_hours, requestOrigin(req), secret));
  },
});

// POST /api/settings/webhook-secret/reveal – one secret in full; every reveal is in the audit log
export const revealWebhookSecret = endpoint({
  method: "POST",
  path: "/settings/webhook-secret/reveal",
  access: { ...settingsRoles, mutation: "settings.webhook_secret.reveal", stepUp: true },
  body: { schema: revealBodySchema, example: { which: "current" } },
  doc: {
    operationId: "revealWebhookSecret",
    summary: "Reveal a webhook secret",
    description: "The current secret, or the previous one during an overlap, in full. Every reveal is in the audit log.",
    tag,
    success: { status: 200, description: "The secret", schema: revealedSchema },
    errors: [...mutation, "not_found"],
  },
  handler: async ({ tenant, audit, body: { which } }) => {
    audit.target = which;
    return Response.json({ secret: revealSecret(tenant, which) });
  },
});

// GET /api/settings/credentials – the service's base URL and the client_id, masked
export const getCredentials = endpoint({
  method: "GET",
  path: "/settings/credentials",
  access: settingsRoles,
  doc: {
    operationId: "getCredentials",
    summary: "The API credentials, masked",
    description: "The service's base URL and the tenant's client_id, masked.",
    tag,
    success: { status: 200, description: "The credentials", schema: credentialsSchema },
    errors: read,
  },
  handler: async ({ tenant }) => Response.json(credentials(tenant)),
});

// PUT /api/settings/credentials – a new client_id, once the service accepts it
export const replaceClientId = endpoint({
  method: "PUT",
  path: "/settings/credentials",
  access: { ...settingsRoles, mutation: "settings.client_id.replace", stepUp: true },
  body: { schema: credentialsBodySchema, example: { client_id: "cl_0123456789abcdef" } },
  doc: {
    operationId: "replaceClientId",
    summary: "Replace the client_id",
    description: "Checked with the service first: a client_id it refuses is 400 and changes nothing.",
    tag,
    success: { status: 200, description: "The credentials now", schema: credentialsSchema },
    errors: [...mutation, ...upstream],
  },
  handler: async ({ db, tenant, body: { client_id } }) => Response.json(await replaceCredentials(db, tenant, client_id)),
});

export const credentialEndpoints = [getWebhookSecret, rotateWebhookSecret, revealWebhookSecret, getCredentials, replaceClientId];
