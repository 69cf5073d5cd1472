import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { passkeyRenameBodySchema } from "@/lib/dashboard/contract/account-api";
import { renamePasskey } from "@/lib/dashboard/auth/factors/passkeys";
import { removePasskey } from "@/lib/dashboard/account/factors";
import { passkeyView } from "@/lib/dashboard/account/security";
import { everyone } from "@/lib/dashboard/account/roles";

export const dynamic = "force-dynamic";

// PATCH /api/account/passkeys/{id} – a new name
export const PATCH = apiRoute(
  { ...everyone, mutation: "account.passkey.rename", duringEnrolment: true },
  async ({ req, db, user, params, audit }) => {
    const { name } = await readJson(req, passkeyRenameBodySchema);
    audit.target = name;
    return Response.json(passkeyView(await renamePasskey(db, user.id, params.id ?? "", name)));
  },
);

// DELETE /api/account/passkeys/{id} – the passkey no longer signs in
export const DELETE = apiRoute(
  { ...everyone, mutation: "account.passkey.remove", stepUp: true, duringEnrolment: true },
  async ({ db, user, params, audit }) => {
    audit.target = params.id ?? null;
    await removePasskey(db, user, params.id ?? "");
    return new Response(null, { status: 204 });
  },
);

export const { GET, POST, PUT } = otherMethods("PATCH", "DELETE");
