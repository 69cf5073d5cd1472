import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { requestOrigin } from "@/lib/http/request-origin";
import { passkeyRegistrationOptions } from "@/lib/dashboard/account/factors";
import { everyone } from "@/lib/dashboard/account/roles";

export const dynamic = "force-dynamic";

// POST /api/account/passkeys/options – the options for navigator.credentials.create(), valid 5 minutes
// (no change of its own: the passkey is made by POST /api/account/passkeys, audited there)
export const POST = apiRoute({ ...everyone, stepUp: true, duringEnrolment: true }, async ({ req, db, user }) =>
  Response.json(await passkeyRegistrationOptions(db, user, requestOrigin(req))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
