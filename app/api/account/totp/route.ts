import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { startTotp } from "@/lib/dashboard/auth/factors/totp";
import { removeTotp } from "@/lib/dashboard/account/factors";
import { everyone } from "@/lib/dashboard/account/roles";
import type { TotpStarted } from "@/lib/dashboard/contract/account-api";

export const dynamic = "force-dynamic";

// POST /api/account/totp – a new key for an authenticator app, pending until confirmed with a code
export const POST = apiRoute({ ...everyone, mutation: "account.totp.start", stepUp: true, duringEnrolment: true }, async ({ db, user }) =>
  Response.json((await startTotp(db, user)) satisfies TotpStarted, { status: 201 }),
);

// DELETE /api/account/totp – the app's codes no longer sign in
export const DELETE = apiRoute(
  { ...everyone, mutation: "account.totp.remove", stepUp: true, duringEnrolment: true },
  async ({ db, user }) => {
    await removeTotp(db, user);
    return new Response(null, { status: 204 });
  },
);

export const { GET, PUT, PATCH } = otherMethods("POST", "DELETE");
