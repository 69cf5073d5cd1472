import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { ownId } from "@/lib/dashboard/api/ownership";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";

export const dynamic = "force-dynamic";

// GET /api/challenges/{id} → GET /v1/challenges/{id}
export const GET = apiRoute({}, async ({ db, tenant, params }) => {
  const id = await ownId(db, tenant.id, "challenge", params.id);
  return Response.json(await upstreamFor(tenant).getChallenge(id));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
