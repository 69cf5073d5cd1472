import { clientRoute, json, otherMethods } from "@/lib/sandbox/http";
import { challengeCreateSchema } from "@/lib/service-api/schemas";
import { createChallenge } from "@/lib/sandbox/challenges";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// POST /v1/challenges
export const POST = clientRoute(async ({ req, db, clientId }) => {
  await readJson(req, challengeCreateSchema);
  return json(await createChallenge(db, clientId), 201);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
