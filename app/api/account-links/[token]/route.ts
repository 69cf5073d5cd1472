import { publicRoute } from "@/lib/dashboard/api/public-route";
import { otherMethods } from "@/lib/dashboard/api/route";
import { ApiError } from "@/lib/errors";
import { readJson } from "@/lib/http/read-body";
import { openLink, redeemLink } from "@/lib/dashboard/auth/account-links";
import { setPasswordBodySchema, type AccountLink, type PasswordSet } from "@/lib/dashboard/contract/account-links-api";

export const dynamic = "force-dynamic";

const gone = () => new ApiError("not_found", "This link has been used, has expired or does not exist; ask for a new one");

// GET /api/account-links/{token} (public) – whose invitation or reset link this is, while it works
export const GET = publicRoute(async ({ db, params }) => {
  const link = await openLink(db, params.token ?? "");
  if (!link) throw gone();
  return Response.json({ purpose: link.purpose, email: link.email, expires_at: link.expiresAt.toISOString() } satisfies AccountLink);
});

// POST /api/account-links/{token} (public) – sets the password; the link then works no more and
// every session of the user ends
export const POST = publicRoute(async ({ req, db, params }) => {
  const { password } = await readJson(req, setPasswordBodySchema);
  const used = await redeemLink(db, params.token ?? "", password);
  if (!used) throw gone();
  return Response.json({ email: used.email, purpose: used.purpose } satisfies PasswordSet);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
