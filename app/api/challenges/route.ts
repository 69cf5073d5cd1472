import { apiRoute, otherMethods, readBody } from "@/lib/api/route";
import { parseOrThrow } from "@/lib/errors";
import { challengeCreateSchema } from "@/lib/exchange/schemas";
import { upstreamFor } from "@/lib/auth/tenants";

export const dynamic = "force-dynamic";

// POST /api/challenges → POST /v1/challenges
export const POST = apiRoute({ mutation: "challenges.create" }, async ({ req, tenant, audit }) => {
  parseOrThrow(challengeCreateSchema, await readBody(req));
  const challenge = await upstreamFor(tenant).createChallenge();
  audit.target = challenge.id;
  return Response.json(challenge, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
