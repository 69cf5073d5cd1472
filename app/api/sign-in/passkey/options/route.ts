import { otherMethods } from "@/lib/api/route";
import { publicRoute } from "@/lib/api/public-route";
import { requestOrigin } from "@/lib/api/request-origin";
import { passkeySignInOptions } from "@/lib/auth/sign-in-ceremonies";

export const dynamic = "force-dynamic";

// POST /api/sign-in/passkey/options – a challenge for any passkey of this site, bound to this browser
// by an httpOnly cookie; the answer goes to POST /api/auth/callback/passkey
export const POST = publicRoute(async ({ req, db }) => Response.json(await passkeySignInOptions(db, req.headers, requestOrigin(req))));

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
