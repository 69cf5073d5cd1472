import type { Role } from "../roles";

// Who must have a second factor, and how a session was signed in. No "server-only": the
// sign-in methods are words of the contract too.

/** How a sign-in was made: a passkey (with user verification) counts as both factors. */
export const signInMethods = ["password", "password_code", "recovery_code", "passkey"] as const;
export type SignInMethod = (typeof signInMethods)[number];

/**
 * A second factor is required of every member of a tenant whose admin switched the policy on,
 * and of operators whenever the sandbox is off (production). The sandbox's demo users are exempt
 * until their tenant's policy is on.
 */
export function secondFactorRequired(input: { role: Role; tenantRequires: boolean; sandboxEnabled: boolean }): boolean {
  if (input.tenantRequires) return true;
  return input.role === "operator" && !input.sandboxEnabled;
}
