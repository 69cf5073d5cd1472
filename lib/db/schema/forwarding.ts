// Background work and what the affiliate's own systems are handed: the durable job queue that
// every piece of work which must survive a restart goes through, the endpoints that webhooks are
// forwarded to (with each attempt's record), and the API keys of the dashboard's API.
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { tenants, users } from "./dashboard";
import { ts } from "./columns";

const ofTenant = (table: string, column: AnyPgColumn) =>
  foreignKey({ name: `${table}_tenant_id_fkey`, columns: [column], foreignColumns: [tenants.id] }).onDelete("cascade");

/**
 * A piece of background work (lib/dashboard/jobs): due at run_at, claimed by one instance at a time
 * (locked_until, taken with FOR UPDATE SKIP LOCKED), done, failed for good, or pending again
 * at a later run_at. What it is about is kind, subject_id and payload.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey(),
    /** forward (one webhook to one endpoint), mail (one message), notification-mail (a digest), notifications-sweep */
    kind: text("kind").notNull(),
    tenantId: uuid("tenant_id"),
    /** What the job is about, for lists (a forwarding endpoint). */
    subjectId: uuid("subject_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** pending | done | failed */
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(0),
    runAt: ts("run_at").notNull(),
    /** Set while an instance works on it; a crashed instance's claim lapses. */
    lockedUntil: ts("locked_until"),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull(),
    finishedAt: ts("finished_at"),
    /** A job with a key is queued at most once while pending (one mail digest per user and category). */
    dedupeKey: text("dedupe_key"),
  },
  (t) => [
    ofTenant("jobs", t.tenantId),
    uniqueIndex("jobs_pending_dedupe")
      .on(t.dedupeKey)
      .where(sql`${t.status} = 'pending' AND ${t.dedupeKey} IS NOT NULL`),
    index("jobs_due")
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    // the places each tenant's jobs hold now: what a fair claim counts (lib/dashboard/jobs/queue.ts)
    index("jobs_claimed")
      .on(t.tenantId)
      .where(sql`${t.status} = 'pending' AND ${t.lockedUntil} IS NOT NULL`),
    // a forwarding endpoint's deliveries, newest first, page after page in the index's order
    index("jobs_subject").on(t.subjectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // an endpoint's deliveries sorted by state, and filtered by it
    index("jobs_subject_status").on(t.subjectId, t.status, t.createdAt, t.id),
  ],
);

/** Where a tenant's webhooks are forwarded, signed per Standard Webhooks. */
export const forwardingEndpoints = pgTable(
  "forwarding_endpoints",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id").notNull(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** The event types it wants; null for all. */
    eventTypes: jsonb("event_types").$type<string[]>(),
    enabled: boolean("enabled").notNull().default(true),
    /** whsec_… sealed with APP_ENCRYPTION_KEY. */
    secretEnc: text("secret_enc").notNull(),
    /** The secret before a rotation, still signed with until previous_secret_expires_at. */
    previousSecretEnc: text("previous_secret_enc"),
    previousSecretExpiresAt: ts("previous_secret_expires_at"),
    /** The first failed attempt since the last success; every attempt failing for 5 days disables it. */
    failingSince: ts("failing_since"),
    disabledReason: text("disabled_reason"),
    disabledAt: ts("disabled_at"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [ofTenant("forwarding_endpoints", t.tenantId), index("forwarding_endpoints_tenant").on(t.tenantId)],
);

/** One attempt to hand a forwarded webhook to its endpoint. */
export const forwardingAttempts = pgTable(
  "forwarding_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    jobId: uuid("job_id").notNull(),
    endpointId: uuid("endpoint_id").notNull(),
    attempt: integer("attempt").notNull(),
    startedAt: ts("started_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    /** The first 1 KiB of the answer. */
    responseBody: text("response_body"),
  },
  (t) => [
    foreignKey({ name: "forwarding_attempts_job_id_fkey", columns: [t.jobId], foreignColumns: [jobs.id] }).onDelete("cascade"),
    foreignKey({
      name: "forwarding_attempts_endpoint_id_fkey",
      columns: [t.endpointId],
      foreignColumns: [forwardingEndpoints.id],
    }).onDelete("cascade"),
    index("forwarding_attempts_job").on(t.jobId, t.attempt),
    index("forwarding_attempts_endpoint").on(t.endpointId, t.startedAt.desc()),
  ],
);

/** A key of the dashboard's API: kept as the SHA-256 of its secret part. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id").notNull(),
    name: text("name").notNull(),
    /** The key's public start, shown in lists and the audit log (dk_live_AbCd1234). */
    prefix: text("prefix").notNull().unique("api_keys_prefix_key"),
    secretHash: text("secret_hash").notNull(),
    /** read | write | reports */
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    createdBy: uuid("created_by"),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: ts("created_at").notNull(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [
    ofTenant("api_keys", t.tenantId),
    foreignKey({ name: "api_keys_created_by_fkey", columns: [t.createdBy], foreignColumns: [users.id] }).onDelete("set null"),
    index("api_keys_tenant").on(t.tenantId),
  ],
);
