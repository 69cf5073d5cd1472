import {
  savedViewBodySchema,
  savedViewListSchema,
  savedViewPatchSchema,
  savedViewQuerySchema,
  savedViewSchema,
} from "@/lib/dashboard/contract/lists-api";
import type { Operation } from "@/lib/openapi/builder";

// OpenAPI operations of saved views: a list's filters, range and sort under a name.

const change = ["unauthorized", "forbidden", "invalid_request", "payload_too_large", "unsupported_media_type"] as const;

export const viewOperations: Operation[] = [
  {
    method: "get",
    path: "/views",
    operationId: "listSavedViews",
    summary: "Saved views of a list",
    description: "Your views of the list and those others of the tenant shared, oldest first. `own` marks the ones you may delete.",
    tag: "views",
    query: savedViewQuerySchema,
    success: { status: 200, description: "The views", schema: savedViewListSchema },
    errors: ["unauthorized", "invalid_request"],
  },
  {
    method: "post",
    path: "/views",
    operationId: "saveView",
    summary: "Save a view",
    description:
      "The list's query string (at most 500 characters) under a name: only the list's own parameters (its filters, range and " +
      "sort), each as its list route accepts it. Viewers too; at most 50 of yours per list. Not audited.",
    tag: "views",
    body: {
      schema: savedViewBodySchema,
      example: { list: "exchanges", name: "Refunds this month", query: "state=refunded&range=month&sort=-amount", shared: true },
    },
    success: { status: 201, description: "The saved view", schema: savedViewSchema },
    errors: [...change],
  },
  {
    method: "patch",
    path: "/views/{id}",
    operationId: "updateView",
    summary: "Rename or share one of your views",
    description: "A new name, or shared with the tenant or not. Only your own: another's view, shared or not, is 404. Not audited.",
    tag: "views",
    pathParams: { id: "View UUID" },
    body: { schema: savedViewPatchSchema, example: { name: "Refunds, this month" } },
    success: { status: 200, description: "The view", schema: savedViewSchema },
    errors: [...change, "not_found"],
  },
  {
    method: "delete",
    path: "/views/{id}",
    operationId: "deleteView",
    summary: "Delete one of your views",
    description: "Only your own: another's view, shared or not, is 404. Not audited.",
    tag: "views",
    pathParams: { id: "View UUID" },
    success: { status: 204, description: "Deleted" },
    errors: ["unauthorized", "forbidden", "not_found"],
  },
];
