import * as z from "zod/mini";

// The two answers the shell's step-up dialog reads (GET and POST /api/account/reauthenticate),
// apart from the account's contract so that every dashboard page can carry them cheaply.

const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));

export const reauthMethods = ["password", "code", "recovery_code", "passkey"] as const;
export const reauthMethodsSchema = z.object({
  /** What this person may confirm with: their factors, or the password when they have none. */
  methods: z.array(z.enum(reauthMethods)),
  reauthenticated_until: z.nullable(isoTimestamp),
});
export type ReauthMethods = z.infer<typeof reauthMethodsSchema>;

export const reauthenticatedSchema = z.object({ reauthenticated_until: isoTimestamp });
