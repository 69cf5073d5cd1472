import { clientRoute, json, otherMethods } from "@/lib/sandbox/http";
import { getChallenge } from "@/lib/sandbox/challenges";
import { idParam } from "@/lib/sandbox/params";

export const dynamic = "force-dynamic";

// GET /v1/challenges/{id}
export const GET = clientRoute(async ({ db, clientId, params }) => json(await getChallenge(db, clientId, idParam(params.id, "challenge"))));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
