import { publicRoute } from "@/lib/dashboard/api/public-route";
import { otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { clientAddress } from "@/lib/dashboard/auth/client-address";
import { requestPasswordReset } from "@/lib/dashboard/auth/account-links";
import { passwordResetRequestSchema, type PasswordResetAccepted } from "@/lib/dashboard/contract/account-links-api";

export const dynamic = "force-dynamic";

// POST /api/password-resets (public) – "Forgot your password?": mails a reset link (30 minutes,
// once) if the address has an account. The answer is the same either way, and the request
// counts against the sign-in limits of the account and of the caller's address.
export const POST = publicRoute(async ({ req, db }) => {
  const { email } = await readJson(req, passwordResetRequestSchema);
  await requestPasswordReset(db, email, clientAddress(req.headers));
  return Response.json({ accepted: true } satisfies PasswordResetAccepted, { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
