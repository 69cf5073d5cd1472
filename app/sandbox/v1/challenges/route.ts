import { clientRoute, json, otherMethods, readJson } from "@/lib/sandbox/http";
import { parseOrThrow } from "@/lib/errors";
import { challengeCreateSchema } from "@/lib/exchange/schemas";
import { createChallenge } from "@/lib/sandbox/challenges";

export const dynamic = "force-dynamic";

// POST /v1/challenges
export const POST = clientRoute(async ({ req, db, clientId }) => {
  parseOrThrow(challengeCreateSchema, await readJson(req));
  return json(await createChallenge(db, clientId), 201);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
