import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { deleteView } from "@/lib/dashboard/views/saved-views";

export const dynamic = "force-dynamic";

// DELETE /api/views/{id} – one of the caller's own saved views; not audited
export const DELETE = apiRoute({ roles: ["operator", "admin", "viewer"] }, async ({ db, tenant, user, params }) => {
  await deleteView(db, tenant.id, user.id, pathId("view", params.id));
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
