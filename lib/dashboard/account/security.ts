import "server-only";
import type { Db } from "@/lib/db/client";
import type { CurrentUser } from "@/lib/dashboard/auth/sessions";
import { allTenants } from "@/lib/dashboard/auth/tenants";
import { env } from "@/lib/env";
import { secondFactorRequired } from "@/lib/dashboard/auth/factors/policy";
import { userPasskeys, type PasskeyRow } from "@/lib/dashboard/auth/factors/passkeys";
import { hasTotp } from "@/lib/dashboard/auth/factors/totp";
import { remainingRecoveryCodes } from "@/lib/dashboard/auth/factors/recovery-codes";
import { reauthenticatedUntil } from "@/lib/dashboard/auth/step-up";
import type { AccountSecurity, Passkey } from "@/lib/dashboard/contract/account-api";

// GET /api/account/security – a person's own factors, as their account page shows them.

export const passkeyView = (p: PasskeyRow): Passkey => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt.toISOString(),
  last_used_at: p.lastUsedAt?.toISOString() ?? null,
  synced: p.backedUp,
});

/** Whether the policy asks this person for a second factor (whatever they have now). */
export async function requiresSecondFactor(db: Db, user: Pick<CurrentUser, "role" | "tenantId">): Promise<boolean> {
  const tenant = user.tenantId ? (await allTenants(db)).find((t) => t.id === user.tenantId) : undefined;
  return secondFactorRequired({
    role: user.role,
    tenantRequires: tenant?.requireSecondFactor ?? false,
    sandboxEnabled: env().sandboxEnabled,
  });
}

export async function accountSecurity(db: Db, user: CurrentUser, now = Date.now()): Promise<AccountSecurity> {
  const [passkeys, totp, remaining, required] = await Promise.all([
    userPasskeys(db, user.id),
    hasTotp(db, user.id),
    remainingRecoveryCodes(db, user.id),
    requiresSecondFactor(db, user),
  ]);
  const until = reauthenticatedUntil(user);
  return {
    email: user.email,
    second_factor_required: required,
    must_enrol: required && passkeys.length === 0 && !totp,
    passkeys: passkeys.map(passkeyView),
    totp: { enabled: totp !== null, confirmed_at: totp?.confirmedAt.toISOString() ?? null },
    recovery_codes: { remaining },
    reauthenticated_until: until.getTime() > now ? until.toISOString() : null,
  } satisfies AccountSecurity;
}
