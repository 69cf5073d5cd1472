import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { mailMessages, notifications, users } from "@/lib/db/schema";
import { wakeJobRunner, type JobHandler } from "@/lib/dashboard/jobs/runner";
import { queueMail } from "@/lib/dashboard/mail/outbox";
import { mailTranslator } from "@/lib/dashboard/mail/render";
import { appUrl } from "@/lib/dashboard/auth/account-links";
import type { NotificationCategory } from "@/lib/dashboard/contract/notifications-api";
import { DIGEST_WINDOW_MS, digestKey } from "./notify";
import { notificationText } from "./text";
import { unsubscribeToken } from "./preferences";

// One user's mail of one category: everything that waited since their last such mail, at most
// one every 15 minutes. The job stays pending until a window passes with nothing new, so a
// notification that arrives while it runs is in the next mail.

export const digest: JobHandler = async (db, job) => {
  const userId = String(job.payload.user_id);
  const category = String(job.payload.category) as NotificationCategory;
  const mailCategory = `notification:${category}`;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return { outcome: "done" };
  const [last] = await db
    .select({ at: mailMessages.createdAt })
    .from(mailMessages)
    .where(and(eq(mailMessages.userId, userId), eq(mailMessages.category, mailCategory)))
    .orderBy(desc(mailMessages.createdAt))
    .limit(1);
  const nextWindow = last ? last.at.getTime() + DIGEST_WINDOW_MS : 0;
  if (nextWindow > Date.now()) return { outcome: "retry", at: new Date(nextWindow), error: "waiting for the next 15-minute window" };

  const mailed = await db.transaction(async (tx) => {
    // a user's notifications of a category are mailed by one transaction at a time
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${digestKey(userId, category)}))`);
    const items = await tx
      .update(notifications)
      .set({ mailStatus: "mailed" })
      .where(and(eq(notifications.userId, userId), eq(notifications.category, category), eq(notifications.mailStatus, "pending")))
      .returning();
    if (items.length === 0 || user.disabled) return 0;
    items.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const { locale, t } = await mailTranslator(user.locale);
    const base = appUrl();
    const token = unsubscribeToken(userId, category);
    const unsubscribeUrl = `${base}/unsubscribe/${token}`;
    const oneClickUrl = `${base}/api/unsubscribe/${token}`;
    const label = t(`notifications.categories.${category}`);
    await queueMail(tx, {
      tenantId: user.tenantId,
      userId,
      to: user.email,
      category: mailCategory,
      locale,
      content: {
        subject: t("mail.digest.subject", { category: label, count: items.length }),
        heading: t("mail.digest.heading", { category: label, count: items.length }),
        paragraphs: [t("mail.digest.intro", { count: items.length })],
        items: items.map((n) => ({ text: notificationText(t, n.kind, n.params), url: `${base}${n.link}` })),
        action: { label: t("mail.digest.action"), url: `${base}/notifications` },
        footer: [t("mail.footer.why", { category: label }), t("mail.footer.sentTo", { email: user.email })],
        unsubscribe: { label: t("mail.footer.unsubscribe", { category: label }), url: unsubscribeUrl },
      },
      // RFC 8058: a mail client may unsubscribe with one POST, without opening a page
      headers: { "List-Unsubscribe": `<${oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    return items.length;
  });
  if (mailed === 0) return { outcome: "done" };
  wakeJobRunner();
  // stay pending for one window: what arrives meanwhile goes in the next mail, not a mail of its own
  return { outcome: "retry", at: new Date(Date.now() + DIGEST_WINDOW_MS), error: "mailed; waiting for the next 15-minute window" };
};
