import "server-only";
import type { Role } from "@/lib/dashboard/auth/roles";
import {
  savedViewBodySchema,
  savedViewListSchema,
  savedViewPatchSchema,
  savedViewQuerySchema,
  savedViewSchema,
  type SavedViewList,
} from "@/lib/dashboard/contract/lists-api";
import { deleteView, listViews, patchView, saveView } from "@/lib/dashboard/views/saved-views";
import { endpoint } from "../endpoint";
import { mutation } from "../error-sets";

// Saved views: a list's filters, range and sort under a name, the caller's own or shared within the
// tenant. Viewers too (a view is their own); none of it is audited.

const anyone = { roles: ["operator", "admin", "viewer"] satisfies Role[] };
const change = mutation;

// GET /api/views?list=
export const listSavedViews = endpoint({
  method: "GET",
  path: "/views",
  access: anyone,
  query: savedViewQuerySchema,
  doc: {
    operationId: "listSavedViews",
    summary: "Saved views of a list",
    description: "Your views of the list and those others of the tenant shared, oldest first. `own` marks the ones you may delete.",
    tag: "views",
    success: { status: 200, description: "The views", schema: savedViewListSchema },
    errors: ["unauthorized", "invalid_request"],
  },
  handler: async ({ db, tenant, user, query }) =>
    Response.json({ data: await listViews(db, tenant.id, user.id, query.list) } satisfies SavedViewList),
});

// POST /api/views
export const createSavedView = endpoint({
  method: "POST",
  path: "/views",
  access: anyone,
  body: {
    schema: savedViewBodySchema,
    example: { list: "exchanges", name: "Refunds this month", query: "state=refunded&range=month&sort=-amount", shared: true },
  },
  doc: {
    operationId: "saveView",
    summary: "Save a view",
    description:
      "The list's query string (at most 500 characters) under a name: only the list's own parameters (its filters, range and " +
      "sort), each as its list route accepts it. Viewers too; at most 50 of yours per list. Not audited.",
    tag: "views",
    success: { status: 201, description: "The saved view", schema: savedViewSchema },
    errors: [...change],
  },
  handler: async ({ db, tenant, user, body }) => Response.json(await saveView(db, tenant.id, user, body), { status: 201 }),
});

// PATCH /api/views/{id}
export const updateSavedView = endpoint({
  method: "PATCH",
  path: "/views/{id}",
  access: anyone,
  ids: { id: "view" },
  body: { schema: savedViewPatchSchema, example: { name: "Refunds, this month" } },
  doc: {
    operationId: "updateView",
    summary: "Rename or share one of your views",
    description: "A new name, or shared with the tenant or not. Only your own: another's view, shared or not, is 404. Not audited.",
    tag: "views",
    success: { status: 200, description: "The view", schema: savedViewSchema },
    errors: [...change, "not_found"],
  },
  handler: async ({ db, tenant, user, ids, body }) => Response.json(await patchView(db, tenant.id, user, ids.id, body)),
});

// DELETE /api/views/{id}
export const deleteSavedView = endpoint({
  method: "DELETE",
  path: "/views/{id}",
  access: anyone,
  ids: { id: "view" },
  doc: {
    operationId: "deleteView",
    summary: "Delete one of your views",
    description: "Only your own: another's view, shared or not, is 404. Not audited.",
    tag: "views",
    success: { status: 204, description: "Deleted" },
    errors: ["unauthorized", "forbidden", "not_found"],
  },
  handler: async ({ db, tenant, user, ids }) => {
    await deleteView(db, tenant.id, user.id, ids.id);
    return new Response(null, { status: 204 });
  },
});

export const viewEndpoints = [listSavedViews, createSavedView, updateSavedView, deleteSavedView];
