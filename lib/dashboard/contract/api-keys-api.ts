import * as z from "zod/mini";

// The dashboard API's keys (/api/settings/api-keys): named keys with scopes for the affiliate's
// own systems. Bodies the server builds with `satisfies` and the browser parses with the same schemas.

const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));
const uuid = z.string().check(z.meta({ format: "uuid" }));

/** read: every GET route; write: the changes an admin may make; reports: reports, statements and exports. */
export const apiKeyScopes = ["read", "write", "reports"] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyCreateBodySchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, "A name"), z.maxLength(100)),
  scopes: z.array(z.enum(apiKeyScopes, { error: "read, write or reports" })).check(z.minLength(1, "At least one scope"), z.maxLength(3)),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

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
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });

/** A new key: the only answer that holds it. */
export const apiKeyCreatedSchema = z.object({
  ...apiKeySchema.shape,
  key: z.string().check(z.meta({ description: "Send as `Authorization: Bearer <key>`; shown this once" })),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
