import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { signInQuerySchema } from "@/lib/dashboard/contract/settings-api";
import { listSignIns } from "@/lib/dashboard/auth/sign-in-history";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// GET /api/settings/sign-ins – the team's sign-in attempts, newest first (?before=&limit=)
export const GET = apiRoute(settingsRoles, async ({ req, db, tenant }) =>
  Response.json(await listSignIns(db, tenant.id, parseOrThrow(signInQuerySchema, searchParams(req)))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
