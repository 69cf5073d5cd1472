import * as z from "zod/mini";
import { newestFirstPage } from "./dashboard-api";

// The dashboard API's tenant settings (/api/settings/...): the team, the sign-in history, the
// webhook secret, the API credentials and the affiliate agreements. Bodies the server builds
// with `satisfies` and the browser parses with the same schemas.

const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));
const uuid = z.string().check(z.meta({ format: "uuid" }));

// ---- team ----

/** The roles an admin gives in their own tenant (operators are made with the admin CLI). */
export const teamRoles = ["admin", "viewer"] as const;

export const teamMemberSchema = z.object({
  id: uuid,
  email: z.string(),
  role: z.enum(teamRoles),
  disabled: z.boolean(),
  created_at: isoTimestamp,
  /** The latest successful sign-in; null if never. */
  last_sign_in_at: z.nullable(isoTimestamp),
  /** Whether they have a passkey or an authenticator app. */
  second_factor: z.boolean(),
  /** Invited and not yet through their invitation's link (no password of their own). */
  invitation_pending: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamSchema = z.object({ data: z.array(teamMemberSchema) });
export type Team = z.infer<typeof teamSchema>;

export const teamAddBodySchema = z.strictObject({
  email: z.email("An email address").check(z.trim()).check(z.toLowerCase()).check(z.maxLength(254)),
  role: z.enum(teamRoles, { error: "admin or viewer" }),
  /** The language of their mail (the inviter's own by default). */
  locale: z.optional(z.enum(["en", "de", "fr", "it"], { error: "en, de, fr or it" })),
});

export const teamUpdateBodySchema = z
  .strictObject({ role: z.optional(z.enum(teamRoles, { error: "admin or viewer" })), disabled: z.optional(z.boolean()) })
  .check(z.refine((b) => b.role !== undefined || b.disabled !== undefined, { message: "Send role, disabled or both" }));

/** A new member, or a reset: what was mailed to them, and until when its one-time link works. */
export const mailedLinkSchema = z.object({
  member: teamMemberSchema,
  link: z
    .object({ purpose: z.enum(["invitation", "password_reset"]), mailed_to: z.string(), expires_at: isoTimestamp })
    .check(z.meta({ description: "The one-time link mailed to the member (an invitation for who never set a password)" })),
});
export type MailedLink = z.infer<typeof mailedLinkSchema>;

// ---- sign-in history ----

export const signInResults = ["ok", "wrong_password", "wrong_code", "disabled", "rate_limited"] as const;
/** How a sign-in was made (lib/dashboard/auth/factors/policy.ts): a passkey counts as both factors. */
export const signInMethodValues = ["password", "password_code", "recovery_code", "passkey"] as const;

export const signInQuerySchema = z.object(newestFirstPage);
export type SignInQuery = z.infer<typeof signInQuerySchema>;

export const signInPageSchema = z.object({
  data: z.array(
    z.object({
      id: z.int(),
      at: isoTimestamp,
      email: z.string(),
      /** The client address as the trusted proxies reported it. */
      address: z.string(),
      result: z.enum(signInResults),
      /** How a successful sign-in was made; null for a refusal. */
      method: z.nullable(z.enum(signInMethodValues)),
    }),
  ),
  next_before: z.nullable(z.int()),
});
export type SignInPage = z.infer<typeof signInPageSchema>;

// ---- webhook secret ----

export const maskedSecretSchema = z.string().check(z.meta({ description: "The first 6 and the last 4 characters, the rest as •" }));

export const webhookSecretStatusSchema = z.object({
  /** Where the service must POST this tenant's webhooks. */
  webhook_url: z.string(),
  current: maskedSecretSchema,
  /** During a rotation's overlap: the secret before it, still accepted until `until`. */
  previous: z.nullable(z.object({ masked: maskedSecretSchema, until: isoTimestamp })),
  /** Whether the dashboard registers a new secret with the service itself (the sandbox) or you pass it on. */
  registered_automatically: z.boolean(),
});
export type WebhookSecretStatus = z.infer<typeof webhookSecretStatusSchema>;

export const rotateBodySchema = z.strictObject({
  overlap_hours: z._default(z.int().check(z.minimum(0, "0 to 168 hours")).check(z.maximum(168, "0 to 168 hours")), 24),
  /** The secret the service chose, when it issues them; without it, the dashboard makes one. */
  secret: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(16, "At least 16 characters, as the service gave it"),
        z.maxLength(256),
        z.regex(/^[\x21-\x7e]+$/, "Letters, digits and punctuation, without spaces"),
      )
      .check(z.meta({ description: "The secret the service issued (16 to 256 visible characters); made here when absent" })),
  ),
});

export const rotatedSchema = z.object({
  /** The new secret, shown this once in full. */
  secret: z.string(),
  status: webhookSecretStatusSchema,
});
export type Rotated = z.infer<typeof rotatedSchema>;

export const revealBodySchema = z.strictObject({ which: z.enum(["current", "previous"]) });
export const revealedSchema = z.object({ secret: z.string() });

// ---- API credentials ----

export const credentialsSchema = z.object({
  base_url: z.string(),
  client_id: maskedSecretSchema,
});
export type Credentials = z.infer<typeof credentialsSchema>;

/**
 * A client_id as the service issues it. It travels in the Authorization header of every call
 * upstream, so it is visible ASCII without spaces: anything else is refused here, by name,
 * rather than by the upstream or the HTTP client.
 */
export const clientIdInputSchema = z
  .string()
  .check(z.trim())
  .check(z.minLength(1, "The client_id the service issued"))
  .check(z.maxLength(256))
  .check(z.regex(/^[\x21-\x7e]+$/, "The client_id the service issued: letters, digits and punctuation, without spaces"));

export const credentialsBodySchema = z.strictObject({ client_id: clientIdInputSchema });

// ---- affiliate agreements ----

export const affiliateSchema = z.object({
  affiliate_id: uuid,
  label: z.nullable(z.string()),
  /** Orders of this tenant that carry it. */
  orders: z.int(),
  last_used_at: z.nullable(isoTimestamp),
});
export type Affiliate = z.infer<typeof affiliateSchema>;
export const affiliatesSchema = z.object({ data: z.array(affiliateSchema) });

export const affiliateBodySchema = z.strictObject({
  label: z
    .string()
    .check(z.trim())
    .check(z.minLength(1, "A label of 1 to 80 characters"))
    .check(z.maxLength(80, "A label of 1 to 80 characters")),
});

// ---- the tenant's time zone (reports count days and months in it) ----

export const timeZoneSchema = z.object({ time_zone: z.string().check(z.meta({ description: "An IANA time zone, e.g. Europe/Zurich" })) });
export type TimeZoneSetting = z.infer<typeof timeZoneSchema>;
export const timeZoneBodySchema = z.strictObject({
  time_zone: z.string({ error: "An IANA time zone such as Europe/Zurich" }).check(z.trim(), z.minLength(1), z.maxLength(64)),
});
