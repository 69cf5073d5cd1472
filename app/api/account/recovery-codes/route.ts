import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { regenerateRecoveryCodes } from "@/lib/dashboard/account/factors";
import { everyone } from "@/lib/dashboard/account/roles";

export const dynamic = "force-dynamic";

// POST /api/account/recovery-codes – ten new codes, shown this once; the ones before stop working
export const POST = apiRoute(
  { ...everyone, mutation: "account.recovery_codes.regenerate", stepUp: true, duringEnrolment: true },
  async ({ db, user }) => Response.json(await regenerateRecoveryCodes(db, user), { status: 201 }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
