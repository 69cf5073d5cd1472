import "server-only";
import type { ErrorCode } from "@/lib/errors";
import { apiKeyCreateBodySchema, apiKeyCreatedSchema, apiKeyListSchema } from "@/lib/dashboard/contract/api-keys-api";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/dashboard/auth/api-keys";
import { settingsRoles } from "@/lib/dashboard/settings/roles";
import { endpoint } from "../endpoint";
import { mutation } from "../error-sets";

// The API's keys (/api/settings/api-keys, admins and operators). A key itself never opens these.

const read = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const tag = "api keys";

// GET /api/settings/api-keys – never the keys themselves
export const listKeys = endpoint({
  method: "GET",
  path: "/settings/api-keys",
  access: settingsRoles,
  doc: {
    operationId: "listApiKeys",
    summary: "The tenant's API keys",
    description: "Each with its prefix, scopes, creator, creation and last use; never the key.",
    tag,
    success: { status: 200, description: "The keys", schema: apiKeyListSchema },
    errors: read,
  },
  handler: async ({ db, tenant }) => Response.json({ data: await listApiKeys(db, tenant.id) }),
});

// POST /api/settings/api-keys – the new key is in this answer only
export const createKey = endpoint({
  method: "POST",
  path: "/settings/api-keys",
  access: { ...settingsRoles, mutation: "api_keys.create", stepUp: true },
  body: { schema: apiKeyCreateBodySchema, example: { name: "Accounting export", scopes: ["reports"] } },
  doc: {
    operationId: "createApiKey",
    summary: "Create an API key",
    description:
      "A named key with scopes: `read` (every GET route), `write` (the changes an admin may make), `reports` (reports, " +
      "statements and exports), `logs` (the request logs). The answer holds the key, shown this once; only its " +
      "SHA-256 is kept. Its actions are in the audit log under its prefix and its creator.",
    tag,
    success: { status: 201, description: "The key", schema: apiKeyCreatedSchema },
    errors: [...mutation, "conflict"],
  },
  handler: async ({ db, tenant, user, audit, body }) => {
    const created = await createApiKey(db, tenant.id, user, body);
    audit.target = `${created.prefix} ${created.name} (${created.scopes.join(", ")})`;
    return Response.json(created, { status: 201 });
  },
});

// DELETE /api/settings/api-keys/{id} – on every instance at once
export const revokeKey = endpoint({
  method: "DELETE",
  path: "/settings/api-keys/{id}",
  access: { ...settingsRoles, mutation: "api_keys.revoke" },
  ids: { id: "API key" },
  doc: {
    operationId: "revokeApiKey",
    summary: "Revoke an API key",
    description: "From the next request on, on every instance, the key is refused (401).",
    tag,
    success: { status: 204, description: "Revoked" },
    errors: [...read, "not_found"],
  },
  handler: async ({ db, tenant, ids, audit }) => {
    audit.target = ids.id;
    await revokeApiKey(db, tenant.id, ids.id);
    return new Response(null, { status: 204 });
  },
});

export const apiKeyEndpoints = [listKeys, createKey, revokeKey];
