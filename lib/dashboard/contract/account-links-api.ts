import * as z from "zod/mini";

// The public routes behind the mailed one-time links: an invitation or a password reset sets a
// password; "Forgot your password?" asks for a reset link.

export const accountLinkSchema = z.object({
  purpose: z.enum(["invitation", "password_reset"]),
  email: z.string(),
  expires_at: z.string().check(z.meta({ format: "date-time" })),
});
export type AccountLink = z.infer<typeof accountLinkSchema>;

export const setPasswordBodySchema = z.strictObject({
  password: z.string().check(z.minLength(12, "At least 12 characters"), z.maxLength(1024, "At most 1024 characters")),
});

export const passwordSetSchema = z.object({ email: z.string(), purpose: z.enum(["invitation", "password_reset"]) });
export type PasswordSet = z.infer<typeof passwordSetSchema>;

export const passwordResetRequestSchema = z.strictObject({
  email: z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email("An email address")),
});

/** The same answer whether or not the address has an account. */
export const passwordResetAcceptedSchema = z.object({ accepted: z.literal(true) });
export type PasswordResetAccepted = z.infer<typeof passwordResetAcceptedSchema>;

/** The body of an unsubscribe POST: a mail client's RFC 8058 one-click, or the unsubscribe page's form. */
export const unsubscribeFormSchema = z.object({
  "List-Unsubscribe": z.optional(z.literal("One-Click")),
  from: z.optional(z.literal("page")),
});
export const unsubscribedSchema = z.object({ unsubscribed: z.string() });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;
