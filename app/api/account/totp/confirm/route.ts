import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { totpConfirmBodySchema } from "@/lib/dashboard/contract/account-api";
import { enableTotp } from "@/lib/dashboard/account/factors";
import { everyone } from "@/lib/dashboard/account/roles";

export const dynamic = "force-dynamic";

// POST /api/account/totp/confirm – a first code from the app turns it on
export const POST = apiRoute({ ...everyone, mutation: "account.totp.enable", duringEnrolment: true }, async ({ req, db, user }) => {
  const { code } = await readJson(req, totpConfirmBodySchema);
  return Response.json(await enableTotp(db, user, code));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
