import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { requestOrigin } from "@/lib/http/request-origin";
import { readJson } from "@/lib/http/read-body";
import { passkeyRegisterBodySchema } from "@/lib/dashboard/contract/account-api";
import { addPasskey } from "@/lib/dashboard/account/factors";
import { everyone } from "@/lib/dashboard/account/roles";

export const dynamic = "force-dynamic";

// POST /api/account/passkeys – the authenticator's answer to the options, and a name: a new passkey
export const POST = apiRoute(
  { ...everyone, mutation: "account.passkey.add", stepUp: true, duringEnrolment: true },
  async ({ req, db, user, audit }) => {
    const body = await readJson(req, passkeyRegisterBodySchema);
    const added = await addPasskey(db, user, requestOrigin(req), body);
    audit.target = added.passkey.name;
    return Response.json(added, { status: 201 });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
