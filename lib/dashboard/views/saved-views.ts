import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { savedViews, users } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import { exchangeListQuerySchema, orderListQuerySchema } from "@/lib/dashboard/contract/dashboard-api";
import { webhookEventQuerySchema } from "@/lib/dashboard/contract/events-api";
import { deliveryListQuerySchema } from "@/lib/dashboard/contract/forwarding-api";
import { notificationQuerySchema } from "@/lib/dashboard/contract/notifications-api";
import { viewParameters, type ListKind, type SavedView, type SavedViewBody, type SavedViewPatch } from "@/lib/dashboard/contract/lists-api";
import { ListParamError, parseDateRange } from "@/lib/dashboard/lists/date-range";

// Saved views (/api/views): a list's query string under a name, a user's own or shared with the
// tenant. Only the list's own parameters are kept, each as the list's API would read it, so a
// view opens the same rows as the address it was saved from.

/** Views one user keeps of one list, their shared ones included. */
export const VIEWS_PER_LIST = 50;

const schemas: Record<ListKind, z.core.$ZodType> = {
  exchanges: exchangeListQuerySchema,
  orders: orderListQuerySchema,
  events: webhookEventQuerySchema,
  deliveries: deliveryListQuerySchema,
  notifications: notificationQuerySchema,
};
/** What the lists' pages read beside their API's query: the events page's valid or rejected. */
const pageOnly: Partial<Record<ListKind, Record<string, readonly string[]>>> = { events: { result: ["valid", "rejected"] } };
/** Page parameters that name a thing: the settings page's endpoint whose deliveries are shown. */
const pageIds: Partial<Record<ListKind, readonly string[]>> = { deliveries: ["endpoint"] };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const refuse = (path: string, message: string) => new ApiError("invalid_request", "Invalid view", [{ path, message }]);

/** The query string as stored: the list's known parameters, once each, as its API accepts them. */
export function checkedQuery(list: ListKind, query: string): string {
  const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (!viewParameters[list].includes(name)) throw refuse("query", `${name} is no parameter of the ${list} list`);
    if (seen.has(name)) throw refuse("query", `${name} is given twice`);
    seen.add(name);
    const allowed = pageOnly[list]?.[name];
    if (allowed && !allowed.includes(value)) throw refuse("query", `${name}: one of ${allowed.join(", ")}`);
    if (pageIds[list]?.includes(name) && !UUID.test(value)) throw refuse("query", `${name}: a UUID`);
  }
  const values = Object.fromEntries(params);
  const parsed = z.safeParse(schemas[list], values);
  if (!parsed.success) throw refuse("query", parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  try {
    parseDateRange(values, "UTC", new Date());
  } catch (error) {
    if (error instanceof ListParamError) throw refuse("query", `${error.path}: ${error.message}`);
    throw error;
  }
  return params.toString();
}

type Row = typeof savedViews.$inferSelect & { email: string | null };

const view = (row: Row, userId: string): SavedView => ({
  id: row.id,
  list: row.list as ListKind,
  name: row.name,
  query: row.query,
  shared: row.shared,
  own: row.userId === userId,
  created_by: row.email,
  created_at: row.createdAt.toISOString(),
});

const visibleTo = (tenantId: string, userId: string) =>
  and(eq(savedViews.tenantId, tenantId), or(eq(savedViews.userId, userId), eq(savedViews.shared, true)));

// GET /api/views?list= – the user's views of a list and those shared within the tenant, oldest first
export async function listViews(db: Db, tenantId: string, userId: string, list: ListKind): Promise<SavedView[]> {
  const rows = await db
    .select({ ...savedViewColumns, email: users.email })
    .from(savedViews)
    .leftJoin(users, eq(users.id, savedViews.userId))
    .where(and(visibleTo(tenantId, userId), eq(savedViews.list, list)))
    .orderBy(asc(savedViews.createdAt), asc(savedViews.id));
  return rows.map((row) => view(row, userId));
}

const savedViewColumns = {
  id: savedViews.id,
  tenantId: savedViews.tenantId,
  userId: savedViews.userId,
  list: savedViews.list,
  name: savedViews.name,
  query: savedViews.query,
  shared: savedViews.shared,
  createdAt: savedViews.createdAt,
};

// POST /api/views – saves the query string of a list under a name
export async function saveView(db: Db, tenantId: string, user: { id: string; email: string }, body: SavedViewBody): Promise<SavedView> {
  const query = checkedQuery(body.list, body.query);
  const own = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(eq(savedViews.tenantId, tenantId), eq(savedViews.userId, user.id), eq(savedViews.list, body.list)));
  if (own.length >= VIEWS_PER_LIST) throw refuse("list", `At most ${VIEWS_PER_LIST} views of one list: delete one first`);
  const [row] = await db
    .insert(savedViews)
    .values({
      id: randomUUID(),
      tenantId,
      userId: user.id,
      list: body.list,
      name: body.name,
      query,
      shared: body.shared,
      createdAt: new Date(),
    })
    .returning();
  if (!row) throw new Error("saved_views: no row returned");
  return view({ ...row, email: user.email }, user.id);
}

// PATCH /api/views/{id} – renames one of the user's own views, or shares it or stops sharing it
export async function patchView(
  db: Db,
  tenantId: string,
  user: { id: string; email: string },
  id: string,
  patch: SavedViewPatch,
): Promise<SavedView> {
  const [row] = await db
    .update(savedViews)
    .set({ ...(patch.name === undefined ? {} : { name: patch.name }), ...(patch.shared === undefined ? {} : { shared: patch.shared }) })
    .where(and(eq(savedViews.id, id), eq(savedViews.tenantId, tenantId), eq(savedViews.userId, user.id)))
    .returning();
  if (!row) throw new ApiError("not_found", "No such view of yours");
  return view({ ...row, email: user.email }, user.id);
}

// DELETE /api/views/{id} – one of the user's own views (another's, shared or not, is not theirs to delete: 404)
export async function deleteView(db: Db, tenantId: string, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.tenantId, tenantId), eq(savedViews.userId, userId)))
    .returning({ id: savedViews.id });
  if (deleted.length === 0) throw new ApiError("not_found", "No such view of yours");
}
