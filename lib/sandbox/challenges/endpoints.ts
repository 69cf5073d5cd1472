import "server-only";
import { challengeCreateSchema } from "@/lib/service-api/schemas";
import { json } from "../http";
import { endpoint } from "../endpoint";
import { bodyErrors, v1Errors } from "../error-sets";
import { createChallenge, getChallenge } from "./challenges";

// The REST API v1's challenges: the tokens that an order's signed message must contain.

const tag = "challenges";

// POST /sandbox/v1/challenges
export const createChallengeEndpoint = endpoint({
  method: "POST",
  path: "/v1/challenges",
  access: "client",
  // often sent without a body, which reads as {}
  body: { schema: challengeCreateSchema, required: false, example: {} },
  doc: {
    operationId: "createChallenge",
    summary: "Create a challenge",
    description: "A short token, valid 30 minutes and single use, that the wallet's signed message must contain.",
    tag,
    success: { status: 201, description: "The new challenge", schema: "Challenge" },
    errors: [...v1Errors, ...bodyErrors],
  },
  handler: async ({ db, clientId }) => json(await createChallenge(db, clientId), 201),
});

// GET /sandbox/v1/challenges/{id}
export const getChallengeEndpoint = endpoint({
  method: "GET",
  path: "/v1/challenges/{id}",
  access: "client",
  ids: { id: "challenge" },
  doc: {
    operationId: "getChallenge",
    summary: "Get a challenge",
    description: "`completed_on` is set once an order was created with a message containing its token.",
    tag,
    success: { status: 200, description: "The challenge", schema: "Challenge" },
    errors: [...v1Errors],
  },
  handler: async ({ db, clientId, ids }) => json(await getChallenge(db, clientId, ids.id)),
});
