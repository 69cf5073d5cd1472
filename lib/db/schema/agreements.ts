// A tenant's affiliate agreements: labels, share periods and the payouts of earnings it received
// (docs/architecture.md#data).
import { sql } from "drizzle-orm";
import { check, date, index, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { ofTenant } from "./dashboard";

/** A tenant's names for its affiliate agreements (affiliate_id of the service). */
export const affiliateLabels = pgTable(
  "affiliate_labels",
  {
    tenantId: uuid("tenant_id").notNull(),
    affiliateId: uuid("affiliate_id").notNull(),
    label: text("label").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [primaryKey({ name: "affiliate_labels_pkey", columns: [t.tenantId, t.affiliateId] }), ofTenant("affiliate_labels", t.tenantId)],
);

/** An agreement's share of the fee from a day on (in the tenant's time zone) until the next period. */
export const affiliateSharePeriods = pgTable(
  "affiliate_share_periods",
  {
    tenantId: uuid("tenant_id").notNull(),
    affiliateId: uuid("affiliate_id").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    sharePercent: numeric("share_percent", { precision: 7, scale: 4 }).notNull(),
  },
  (t) => [
    primaryKey({ name: "affiliate_share_periods_pkey", columns: [t.tenantId, t.affiliateId, t.startsOn] }),
    ofTenant("affiliate_share_periods", t.tenantId),
    check("affiliate_share_periods_share_check", sql`share_percent >= 0 AND share_percent <= 100`),
  ],
);

/** A payout of earnings the affiliate received from the service, against an agreement and a month. */
export const affiliatePayouts = pgTable(
  "affiliate_payouts",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id").notNull(),
    affiliateId: uuid("affiliate_id").notNull(),
    /** The statement month it settles, YYYY-MM. */
    period: text("period").notNull(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    amount: numeric("amount", { precision: 20, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    bankReference: text("bank_reference").notNull(),
    createdBy: uuid("created_by"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [ofTenant("affiliate_payouts", t.tenantId), index("affiliate_payouts_agreement").on(t.tenantId, t.affiliateId, t.period)],
);
