import "server-only";
import type { ErrorCode } from "@/lib/errors";
import { requestOrigin } from "@/lib/http/request-origin";
import {
  consoleExchangePageSchema,
  consoleExchangeQuerySchema,
  consoleTenantSchema,
  consoleTenantsSchema,
  consoleUsersSchema,
  tenantCreateBodySchema,
  tenantCreatedSchema,
  tenantDeleteQuerySchema,
  tenantUpdateBodySchema,
} from "@/lib/dashboard/contract/console-api";
import {
  consoleExchanges,
  consoleTenants,
  consoleUsers,
  createConsoleTenant,
  deleteConsoleTenant,
  updateConsoleTenant,
} from "@/lib/dashboard/console/console";
import { endpoint } from "../endpoint";
import { mutation } from "../error-sets";

// The operator console (/api/operator, role operator): every tenant, user and exchange. Its
// actions belong to no one tenant, so they are audited in the console's own log. The sandbox's
// controls are in console-sandbox.ts.

const operatorRead = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const operators = { roles: ["operator" as const], scope: "global" as const };
const tag = "operator console";

// GET /api/operator/tenants – every tenant with the webhook URL to register
export const listTenants = endpoint({
  method: "GET",
  path: "/operator/tenants",
  access: operators,
  doc: {
    operationId: "listTenants",
    summary: "Every tenant",
    description: "With the webhook URL each must have registered with its service (operators).",
    tag,
    success: { status: 200, description: "The tenants, oldest first", schema: consoleTenantsSchema },
    errors: operatorRead,
  },
  handler: async ({ req, db }) => Response.json({ data: await consoleTenants(db, requestOrigin(req)) }),
});

// POST /api/operator/tenants – a new tenant; its webhook secret is shown in this answer only
export const createTenant = endpoint({
  method: "POST",
  path: "/operator/tenants",
  access: { ...operators, mutation: "tenants.create", stepUp: true },
  body: {
    schema: tenantCreateBodySchema,
    example: { name: "ACME", base_url: "https://api.example.com", client_id: "cl_123", network: "mainnet" },
  },
  doc: {
    operationId: "createTenant",
    summary: "Create a tenant",
    description:
      "A new API client of a service. The answer carries the webhook URL and secret to register with it; the secret is shown only here.",
    tag,
    success: { status: 201, description: "The tenant and its webhook secret", schema: tenantCreatedSchema },
    errors: [...mutation, "reauthentication_required"],
  },
  handler: async ({ req, db, audit, body }) => {
    const tenant = await createConsoleTenant(db, body, requestOrigin(req));
    audit.target = tenant.id;
    return Response.json(tenant, { status: 201 });
  },
});

// PATCH /api/operator/tenants/{id} – its name, service (checked with the service first), network,
// status (disabled: its members, API and webhooks refused) or its being the default
export const updateTenant = endpoint({
  method: "PATCH",
  path: "/operator/tenants/{id}",
  access: { ...operators, mutation: "tenants.update", stepUp: true, auditTarget: "id" },
  ids: { id: "tenant" },
  body: { schema: tenantUpdateBodySchema, example: { base_url: "https://api.example.com", client_id: "cl_456" } },
  doc: {
    operationId: "updateTenant",
    summary: "Mend a tenant",
    description:
      "Its name, service (`base_url` and `client_id`: stored only once the service takes them together, else 400 naming " +
      "the field with the service's reason), network, `status` (`disabled`: its members, API and webhooks are refused, its " +
      "data kept; `active` again) or `is_default: true`. The default tenant cannot be disabled (409). Audited; needs step-up.",
    tag,
    success: { status: 200, description: "The tenant as it is now", schema: consoleTenantSchema },
    errors: [...mutation, "reauthentication_required", "not_found", "conflict"],
  },
  handler: async ({ req, db, ids, body, audit }) => {
    audit.target = `${ids.id} (${Object.keys(body).join(", ")})`;
    return Response.json(await updateConsoleTenant(db, ids.id, body, requestOrigin(req)));
  },
});

// DELETE /api/operator/tenants/{id}?data=keep|purge – gone from every list, its members disabled;
// with purge, it and everything of it deleted
export const deleteTenant = endpoint({
  method: "DELETE",
  path: "/operator/tenants/{id}",
  access: { ...operators, mutation: "tenants.delete", stepUp: true, auditTarget: "id" },
  ids: { id: "tenant" },
  query: tenantDeleteQuerySchema,
  doc: {
    operationId: "deleteTenant",
    summary: "Delete a tenant",
    description:
      "`data=keep`: gone from every list, its webhook endpoint unknown, its members disabled and signed out, its data left in " +
      "the database. `data=purge`: the tenant, its members and everything of theirs deleted in one transaction. The default " +
      "tenant only as the last one (409). Audited in the console's own log; needs step-up.",
    tag,
    success: { status: 204, description: "Deleted" },
    errors: [...mutation, "reauthentication_required", "not_found", "conflict"],
  },
  handler: async ({ db, ids, query, audit }) => {
    audit.target = `${ids.id} (data ${query.data})`;
    const deleted = await deleteConsoleTenant(db, ids.id, query);
    audit.target = `${deleted.name} ${ids.id} (data ${query.data}, ${deleted.members} members)`;
    return new Response(null, { status: 204 });
  },
});

// GET /api/operator/users – the users of every tenant
export const listAllUsers = endpoint({
  method: "GET",
  path: "/operator/users",
  access: operators,
  doc: {
    operationId: "listAllUsers",
    summary: "The users of every tenant",
    description: "Email, role, tenant and whether the account is disabled (operators).",
    tag,
    success: { status: 200, description: "The users", schema: consoleUsersSchema },
    errors: operatorRead,
  },
  handler: async ({ db }) => Response.json({ data: await consoleUsers(db) }),
});

// GET /api/operator/exchanges?tenant_id=&state=&cursor=&limit= – exchanges of every tenant, newest first
export const listAllExchanges = endpoint({
  method: "GET",
  path: "/operator/exchanges",
  access: operators,
  query: consoleExchangeQuerySchema,
  doc: {
    operationId: "listAllExchanges",
    summary: "Exchanges of every tenant",
    description: "The dashboard's index across tenants, newest first, with the tenant of each (operators).",
    tag,
    success: { status: 200, description: "A page of exchanges", schema: consoleExchangePageSchema },
    errors: [...operatorRead, "invalid_request", "not_found"],
  },
  handler: async ({ db, query }) => Response.json(await consoleExchanges(db, query)),
});

export const consoleEndpoints = [listTenants, createTenant, updateTenant, deleteTenant, listAllUsers, listAllExchanges];
