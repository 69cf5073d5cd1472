import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { challengeCreateSchema } from "@/lib/service-api/schemas";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// POST /api/challenges → POST /v1/challenges
export const POST = apiRoute({ mutation: "challenges.create" }, async ({ req, tenant, audit }) => {
  await readJson(req, challengeCreateSchema);
  const challenge = await upstreamFor(tenant).createChallenge();
  audit.target = challenge.id;
  return Response.json(challenge, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
