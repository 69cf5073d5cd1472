import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { accountSecurity } from "@/lib/dashboard/account/security";
import { everyone } from "@/lib/dashboard/account/roles";

export const dynamic = "force-dynamic";

// GET /api/account/security – the signed-in person's passkeys, authenticator app and recovery codes
export const GET = apiRoute({ ...everyone, duringEnrolment: true }, async ({ db, user }) => Response.json(await accountSecurity(db, user)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
