import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import type { Role } from "@/lib/dashboard/auth/roles";
import { pathId } from "@/lib/http/route-params";
import { readJson } from "@/lib/http/read-body";
import { savedViewPatchSchema } from "@/lib/dashboard/contract/lists-api";
import { deleteView, patchView } from "@/lib/dashboard/views/saved-views";

export const dynamic = "force-dynamic";

const anyone = { roles: ["operator", "admin", "viewer"] satisfies Role[] };

// PATCH /api/views/{id} – renames one of the caller's own saved views, or shares it or not; not audited
export const PATCH = apiRoute(anyone, async ({ req, db, tenant, user, params }) => {
  const id = pathId("view", params.id);
  return Response.json(await patchView(db, tenant.id, user, id, await readJson(req, savedViewPatchSchema)));
});

// DELETE /api/views/{id} – one of the caller's own saved views; not audited
export const DELETE = apiRoute(anyone, async ({ db, tenant, user, params }) => {
  await deleteView(db, tenant.id, user.id, pathId("view", params.id));
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT } = otherMethods("PATCH", "DELETE");
