import * as z from "zod/mini";

// The dashboard API's keys (/api/settings/api-keys): named keys with scopes for the affiliate's
// own systems. Bodies the server builds with `satisfies` and the browser parses with the same schemas.

const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));
const uuid = z.string().check(z.meta({ format: "uuid" }));

/** read: every GET route; write: the changes an admin may make; reports: reports, statements and exports. */
export const apiKeyScopes = ["read", "write", "reports", "logs"] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyCreateBodySchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, "A name"), z.maxLength(100)),
  scopes: z
    .array(z.enum(apiKeyScopes, { error: "read, write, reports or logs" }))
    .check(z.minLength(1, "At least one scope"), z.maxLength(4)),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

/** Why a key does less than its scopes: its creator is now a viewer, is disabled, or has left the team. */
export const apiKeyStatusReasons = ["creator_viewer", "creator_disabled", "creator_removed"] as const;
export type ApiKeyStatusReason = (typeof apiKeyStatusReasons)[number];

export const apiKeySchema = z.object({
  id: uuid,
  name: z.string(),
  /** The key's public start (dk_ and 8 characters): how lists and the audit log name it. */
  prefix: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  /** The email of the admin who made it. */
  created_by: z.string(),
  created_at: isoTimestamp,
  last_used_at: z.nullable(isoTimestamp),
  status: z.enum(["active", "limited", "inactive"]).check(
    z.meta({
      description:
        "active: its scopes, as its creator may use them; limited: its creator is now a viewer, so it only reads; " +
        "inactive: its creator is disabled or no longer on the team, so it is refused (401 api_key_inactive)",
    }),
  ),
  status_reason: z.nullable(z.enum(apiKeyStatusReasons)),
  /** Its scopes narrowed by its creator's current role: what it opens now. */
  effective_scopes: z.array(z.enum(apiKeyScopes)),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });

/** A new key: the only answer that holds it. */
export const apiKeyCreatedSchema = z.object({
  ...apiKeySchema.shape,
  key: z.string().check(z.meta({ description: "Send as `Authorization: Bearer <key>`; shown this once" })),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
