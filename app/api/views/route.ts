import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import type { Role } from "@/lib/dashboard/auth/roles";
import { searchParams } from "@/lib/http/route-params";
import { readJson } from "@/lib/http/read-body";
import { parseOrThrow } from "@/lib/errors";
import { savedViewBodySchema, savedViewQuerySchema, type SavedViewList } from "@/lib/dashboard/contract/lists-api";
import { listViews, saveView } from "@/lib/dashboard/views/saved-views";

export const dynamic = "force-dynamic";

const anyone = { roles: ["operator", "admin", "viewer"] satisfies Role[] };

// GET /api/views?list= – the caller's saved views of a list and those shared within the tenant
export const GET = apiRoute(anyone, async ({ req, db, tenant, user }) => {
  const { list } = parseOrThrow(savedViewQuerySchema, searchParams(req));
  return Response.json({ data: await listViews(db, tenant.id, user.id, list) } satisfies SavedViewList);
});

// POST /api/views – saves a list's query string under a name (viewers too: a view is their own); not audited
export const POST = apiRoute(anyone, async ({ req, db, tenant, user }) => {
  const body = await readJson(req, savedViewBodySchema);
  return Response.json(await saveView(db, tenant.id, user, body), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
