import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { requestOrigin } from "@/lib/http/request-origin";
import { stepUpOptions } from "@/lib/dashboard/account/reauthenticate";
import { everyone } from "@/lib/dashboard/account/roles";

export const dynamic = "force-dynamic";

// POST /api/account/reauthenticate/options – a challenge for one of the person's own passkeys
export const POST = apiRoute({ ...everyone, duringEnrolment: true }, async ({ req, db, user }) =>
  Response.json(await stepUpOptions(db, user, requestOrigin(req))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
