import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { publish } from "@/lib/dashboard/events/bus";
import { wakeJobRunner } from "@/lib/dashboard/jobs/runner";
import type { JobKind } from "@/lib/dashboard/jobs/queue";
import { errorText, logger } from "@/lib/log";
import type { NotificationCategory, NotificationKind } from "@/lib/dashboard/contract/notifications-api";
import { channelSql } from "./preferences";

const log = logger("notifications");

/** A mail digest of one user's category: one job at a time (its dedupe key), at most one mail per 15 minutes. */
export const DIGEST_JOB = "notification-mail" as const satisfies JobKind;
export const DIGEST_WINDOW_MS = 15 * 60_000;
export const digestKey = (userId: string, category: string) => `digest:${userId}:${category}`;

export type NewNotification = {
  tenantId: string;
  category: NotificationCategory;
  /** Once per user and key, ever: an exchange and its reason, an endpoint's failure since a time. */
  key: string;
  kind: NotificationKind;
  params: Record<string, string | number>;
  link: string;
};

/** Who hears of a category: every enabled member who joined; forwarding is the admins' business. */
const recipients = (tenantId: string, category: NotificationCategory) => sql`
  SELECT u.id AS user_id, ${channelSql(sql`u.id`, category)} AS channel FROM users u
  WHERE u.tenant_id = ${tenantId} AND NOT u.disabled AND u.password_set_at IS NOT NULL
    ${category === "forwarding" ? sql`AND u.role = 'admin'` : sql``}`;

/**
 * Records a notification for each member who wants the category (once per key: a second call is
 * a no-op), queues a mail digest for those who chose email, and tells their open dashboards.
 * Returns how many users were newly notified.
 */
export async function notify(db: Db, n: NewNotification): Promise<number> {
  const inserted = (await db.execute(sql`
    WITH r AS (${recipients(n.tenantId, n.category)}),
    added AS (
      INSERT INTO notifications (id, tenant_id, user_id, category, key, kind, params, link, created_at, mail_status)
      SELECT gen_random_uuid(), ${n.tenantId}, r.user_id, ${n.category}, ${n.key}, ${n.kind}, ${JSON.stringify(n.params)}::jsonb,
        ${n.link}, now(), CASE WHEN r.channel = 'email' THEN 'pending' END
      FROM r WHERE r.channel <> 'none'
      ON CONFLICT (user_id, key) DO NOTHING
      RETURNING user_id, mail_status
    ),
    queued AS (
      INSERT INTO jobs (id, kind, tenant_id, subject_id, payload, status, attempts, run_at, created_at, dedupe_key)
      SELECT gen_random_uuid(), ${DIGEST_JOB}, ${n.tenantId}, a.user_id,
        jsonb_build_object('user_id', a.user_id, 'category', ${n.category}::text), 'pending', 0,
        GREATEST(now(), (SELECT max(m.created_at) FROM mail_messages m
          WHERE m.user_id = a.user_id AND m.category = ${`notification:${n.category}`}) + ${DIGEST_WINDOW_MS} * interval '1 millisecond'),
        now(), 'digest:' || a.user_id || ':' || ${n.category}::text
      FROM added a WHERE a.mail_status = 'pending'
      ON CONFLICT (dedupe_key) WHERE status = 'pending' AND dedupe_key IS NOT NULL DO NOTHING
      RETURNING id
    )
    SELECT (SELECT array_agg(user_id) FROM added) AS users, (SELECT count(*)::int FROM queued) AS queued
  `)) as { rows: { users: string[] | string | null; queued: number }[] };
  const row = inserted.rows[0];
  const users = parseArray(row?.users);
  if (users.length === 0) return 0;
  if (Number(row?.queued ?? 0) > 0) wakeJobRunner();
  try {
    await publish({ kind: "notification", tenant_id: n.tenantId, user_ids: users });
  } catch (error) {
    // the bell catches up at its next read
    log.warn({ err: errorText(error) }, "could not signal a notification to open dashboards");
  }
  return users.length;
}

/** node-postgres hands arrays as arrays; PGlite's uuid[] may come as text '{a,b}'. */
function parseArray(value: string[] | string | null | undefined): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value.map(String);
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean);
}
