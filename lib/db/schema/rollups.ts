// The daily figures reports and the overview read instead of the exchanges themselves: one row per
// tenant, day (in the tenant's time zone), agreement, pair, type and state, with the count and the
// exact sums of what those exchanges contribute. Kept by triggers in the same transaction as every
// write that changes a contribution (lib/db/migrations/0013_exchange_rollups.sql explains how).
import { boolean, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { tenants } from "./dashboard";

/** The group of exchanges a row counts and their sums: the same in the daily and the monthly rows. */
const figures = () => ({
  /** The agreement it is grouped under: its recorded affiliate_id, else its order's of now, else 'none'. */
  affiliate: text("affiliate").notNull(),
  /** Whether the agreement was recorded on the exchange (statements count only those). */
  recorded: boolean("recorded").notNull(),
  /** '' for an exchange whose first GET has not succeeded yet (counted by state only). */
  pair: text("pair").notNull(),
  type: text("type").notNull(),
  state: text("state").notNull(),
  count: integer("count").notNull(),
  cost: numeric("cost").notNull(),
  amount: numeric("amount").notNull(),
  fee: numeric("fee").notNull(),
  /** The sum of each exchange's fee × its agreement's share that day, each rounded half away from zero to the cent. */
  earning: numeric("earning").notNull(),
});

export const exchangeRollups = pgTable(
  "exchange_rollups",
  {
    tenantId: uuid("tenant_id").notNull(),
    /** The day an exchange is counted on (its execution, else when it was first seen), in the tenant's time zone. */
    day: date("day", { mode: "string" }).notNull(),
    ...figures(),
  },
  (t) => [
    primaryKey({
      name: "exchange_rollups_pkey",
      columns: [t.tenantId, t.day, t.affiliate, t.recorded, t.pair, t.type, t.state],
    }),
    foreignKey({ name: "exchange_rollups_tenant_id_fkey", columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete("cascade"),
    // an agreement's statement months and totals
    index("exchange_rollups_affiliate").on(t.tenantId, t.affiliate, t.day),
  ],
);

/**
 * The same figures by month (the first day of the month in the tenant's time zone): a trigger on
 * exchange_rollups adds every change of a daily row to its month's (migration 0014). A period's
 * whole months read these, its first and last part-months the daily rows, so a year's report or the
 * overview's counts read a few hundred rows however many exchanges there are.
 */
export const exchangeRollupsMonthly = pgTable(
  "exchange_rollups_monthly",
  {
    tenantId: uuid("tenant_id").notNull(),
    month: date("month", { mode: "string" }).notNull(),
    ...figures(),
  },
  (t) => [
    primaryKey({
      name: "exchange_rollups_monthly_pkey",
      columns: [t.tenantId, t.month, t.affiliate, t.recorded, t.pair, t.type, t.state],
    }),
    foreignKey({ name: "exchange_rollups_monthly_tenant_id_fkey", columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete(
      "cascade",
    ),
    // an agreement's statement months
    index("exchange_rollups_monthly_affiliate").on(t.tenantId, t.affiliate, t.month),
  ],
);

/** How many of a tenant's orders carry each agreement, and the newest one's creation: the agreements list reads this, not the orders. */
export const affiliateUsage = pgTable(
  "affiliate_usage",
  {
    tenantId: uuid("tenant_id").notNull(),
    /** The order's affiliate_id as the service wrote it. */
    affiliateId: text("affiliate_id").notNull(),
    orders: integer("orders").notNull(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [
    primaryKey({ name: "affiliate_usage_pkey", columns: [t.tenantId, t.affiliateId] }),
    foreignKey({ name: "affiliate_usage_tenant_id_fkey", columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete("cascade"),
  ],
);
