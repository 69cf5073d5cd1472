// What people keep of the dashboard's lists: a saved view is the query string of a list's filters,
// range and sort under a name, a user's own or shared with their tenant (lib/dashboard/views).
import { foreignKey, boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ofTenant, users } from "./dashboard";
import { ts } from "./columns";

export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id").notNull(),
    /** Who saved it; null once they are deleted (a shared view stays for the team). */
    userId: uuid("user_id"),
    /** exchanges | orders | events | deliveries | notifications */
    list: text("list").notNull(),
    name: text("name").notNull(),
    /** The list's query string without `?`, checked against the list's parameters when saved. */
    query: text("query").notNull(),
    shared: boolean("shared").notNull().default(false),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    ofTenant("saved_views", t.tenantId),
    foreignKey({ name: "saved_views_user_id_fkey", columns: [t.userId], foreignColumns: [users.id] }).onDelete("set null"),
    index("saved_views_tenant_list").on(t.tenantId, t.list, t.createdAt),
  ],
);
