import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { requestOrigin } from "@/lib/http/request-origin";
import { readJson } from "@/lib/http/read-body";
import { clientAddress } from "@/lib/dashboard/auth/client-address";
import { reauthenticateBodySchema } from "@/lib/dashboard/contract/account-api";
import { reauthenticate, reauthMethods } from "@/lib/dashboard/account/reauthenticate";
import { everyone } from "@/lib/dashboard/account/roles";

export const dynamic = "force-dynamic";

// GET /api/account/reauthenticate – what the person may confirm with, and until when they need not
export const GET = apiRoute({ ...everyone, duringEnrolment: true }, async ({ db, user }) => Response.json(await reauthMethods(db, user)));

// POST /api/account/reauthenticate – a factor (or the password, without one) confirmed again: step-up for 5 minutes
export const POST = apiRoute(
  { ...everyone, mutation: "account.reauthenticate", duringEnrolment: true },
  async ({ req, db, user, audit }) => {
    const body = await readJson(req, reauthenticateBodySchema);
    audit.target = body.method;
    return Response.json(await reauthenticate(db, user, body, { origin: requestOrigin(req), address: clientAddress(req.headers) }));
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
