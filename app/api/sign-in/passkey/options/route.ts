import { otherMethods } from "@/lib/dashboard/api/route";
import { publicRoute } from "@/lib/dashboard/api/public-route";
import { requestOrigin } from "@/lib/http/request-origin";
import { requireSameOrigin } from "@/lib/dashboard/api/same-origin";
import { passkeySignInOptions } from "@/lib/dashboard/auth/sign-in-ceremonies";

export const dynamic = "force-dynamic";

// POST /api/sign-in/passkey/options – a challenge for any passkey of this site, bound to this browser
// by an httpOnly cookie; the answer goes to POST /api/auth/callback/passkey
export const POST = publicRoute(async ({ req, db }) => {
  requireSameOrigin(req);
  return Response.json(await passkeySignInOptions(db, req.headers, requestOrigin(req)));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
