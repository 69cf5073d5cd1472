import { otherMethods } from "@/lib/dashboard/api/route";
import { publicRoute } from "@/lib/dashboard/api/public-route";
import { requestOrigin } from "@/lib/http/request-origin";
import { requireSameOrigin } from "@/lib/dashboard/api/same-origin";
import { secondStepPasskeyOptions } from "@/lib/dashboard/auth/sign-in-ceremonies";

export const dynamic = "force-dynamic";

// POST /api/sign-in/second-factor/options – a challenge for the half-signed-in account's own passkeys
export const POST = publicRoute(async ({ req, db }) => {
  requireSameOrigin(req);
  return Response.json(await secondStepPasskeyOptions(db, req.headers, requestOrigin(req)));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
