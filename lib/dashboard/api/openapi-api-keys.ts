import { apiKeyCreateBodySchema, apiKeyCreatedSchema, apiKeyListSchema } from "@/lib/dashboard/contract/api-keys-api";
import type { ErrorCode } from "@/lib/errors";
import type { Operation } from "@/lib/openapi/builder";

// OpenAPI operations of the API's keys (/api/settings/api-keys, admins and operators). A key
// itself never opens these.

const read = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const mutation = ["unauthorized", "forbidden", "invalid_request", "payload_too_large", "unsupported_media_type"] satisfies ErrorCode[];
const op = (o: Omit<Operation, "tag">): Operation => ({ ...o, tag: "api keys" });

export const apiKeyOperations: Operation[] = [
  op({
    method: "get",
    path: "/settings/api-keys",
    operationId: "listApiKeys",
    summary: "The tenant's API keys",
    description: "Each with its prefix, scopes, creator, creation and last use; never the key.",
    success: { status: 200, description: "The keys", schema: apiKeyListSchema },
    errors: read,
  }),
  op({
    method: "post",
    path: "/settings/api-keys",
    operationId: "createApiKey",
    summary: "Create an API key",
    description:
      "A named key with scopes: `read` (every GET route), `write` (the changes an admin may make), `reports` (reports, " +
      "statements and exports), `logs` (the request logs). The answer holds the key, shown this once; only its " +
      "SHA-256 is kept. Its actions are in the audit log under its prefix and its creator.",
    body: { schema: apiKeyCreateBodySchema, example: { name: "Accounting export", scopes: ["reports"] } },
    success: { status: 201, description: "The key", schema: apiKeyCreatedSchema },
    errors: [...mutation, "conflict"],
  }),
  op({
    method: "delete",
    path: "/settings/api-keys/{id}",
    operationId: "revokeApiKey",
    summary: "Revoke an API key",
    description: "From the next request on, on every instance, the key is refused (401).",
    pathParams: { id: "API key UUID" },
    success: { status: 204, description: "Revoked" },
    errors: [...read, "not_found"],
  }),
];
