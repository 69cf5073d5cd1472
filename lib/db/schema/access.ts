// Who may come in and how often: rate limits, event stream places, sign-in limits, sessions and
// the sign-in history (docs/architecture.md#data).
import { sql } from "drizzle-orm";
import { bigserial, boolean, doublePrecision, foreignKey, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { users } from "./dashboard";

/**
 * Token buckets of the generous per-client and per-address limits (the sandbox's API clients, the
 * public payout page), shared by every instance. A missing row is a full bucket.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    tokens: doublePrecision("tokens").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** Whether the last take found a token: set in the same statement that takes it. */
    allowed: boolean("allowed").notNull(),
  },
  (t) => [index("rate_limits_updated_at").on(t.updatedAt)],
);

/**
 * The open event streams of each holder (a user, a payout link), shared by every instance so that
 * a holder's limit is one limit behind a balancer. The instance holding a stream renews its lease
 * at each heartbeat and deletes the row when the stream closes; the row of an instance that died
 * expires with its lease.
 */
export const streamSlots = pgTable(
  "stream_slots",
  {
    id: uuid("id").primaryKey(),
    holder: text("holder").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("stream_slots_holder").on(t.holder), index("stream_slots_expires_at").on(t.expiresAt)],
);

/** Sign-in attempts per account or address in a fixed window, counted before the password is checked. */
export const authLimits = pgTable("auth_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull(),
});

/** A signed-in session (the JWT carries its id): revocable, with an absolute end. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    revokedReason: text("revoked_reason"),
    /** How the session was signed in: password | password_code | recovery_code | passkey. */
    method: text("method").notNull().default("password"),
    /** The last time its user proved a factor again (step-up); sign-in counts. */
    reauthenticatedAt: ts("reauthenticated_at"),
  },
  (t) => [
    foreignKey({ name: "sessions_user_id_fkey", columns: [t.userId], foreignColumns: [users.id] }).onDelete("cascade"),
    index("sessions_user")
      .on(t.userId)
      .where(sql`revoked_at IS NULL`),
  ],
);

/** Sign-in attempts on existing accounts: the team's sign-in history (unknown emails are not kept). */
export const signIns = pgTable(
  "sign_ins",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id"),
    tenantId: uuid("tenant_id"),
    email: text("email").notNull(),
    address: text("address").notNull(),
    /** ok | wrong_password | disabled | rate_limited (the first refusal of a window only) */
    result: text("result").notNull(),
    /** How a successful sign-in was made (see sessions.method); null for refusals. */
    method: text("method"),
    at: ts("at").notNull(),
  },
  (t) => [index("sign_ins_tenant").on(t.tenantId, t.id.desc().nullsFirst()), index("sign_ins_user").on(t.userId, t.id.desc().nullsFirst())],
);
