import "server-only";
import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { mailMessages } from "@/lib/db/schema";
import { enqueue, type JobKind } from "@/lib/dashboard/jobs/queue";
import { mailHtml, mailText, type MailContent } from "./render";
import type { ConsoleMail, ConsoleMailDetail, ConsoleMailList } from "@/lib/dashboard/contract/console-api";

// Every mail is written whole into mail_messages and handed to a `mail` job in the same
// transaction: an SMTP server that is away, or an instance that stops, loses none.

export const MAIL_JOB = "mail" as const satisfies JobKind;

export type MailToQueue = {
  tenantId: string | null;
  userId: string | null;
  to: string;
  /** invitation | password_reset | notification:<category> */
  category: string;
  locale: string;
  content: MailContent;
  headers?: Record<string, string>;
};

/** Queues a mail (in the caller's transaction); the caller wakes the job runner after its commit. */
export async function queueMail(db: Db, mail: MailToQueue): Promise<string> {
  const id = randomUUID();
  await db.insert(mailMessages).values({
    id,
    tenantId: mail.tenantId,
    userId: mail.userId,
    toAddress: mail.to,
    category: mail.category,
    locale: mail.locale,
    subject: mail.content.subject,
    textBody: mailText(mail.content),
    htmlBody: mailHtml(mail.content, mail.locale),
    headers: mail.headers ?? {},
    status: "queued",
    createdAt: new Date(),
  });
  await enqueue(db, { kind: MAIL_JOB, tenantId: mail.tenantId, subjectId: id, payload: { mail_id: id } });
  return id;
}

export type StoredMail = typeof mailMessages.$inferSelect;

/** The latest mails, newest first (the console's Mail tab). */
export async function latestMail(db: Db, limit = 100): Promise<StoredMail[]> {
  return db.select().from(mailMessages).orderBy(desc(mailMessages.createdAt)).limit(limit);
}

export async function mailById(db: Db, id: string): Promise<StoredMail | undefined> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  return row;
}

const summary = (m: StoredMail) => ({
  id: m.id,
  to: m.toAddress,
  category: m.category,
  locale: m.locale,
  subject: m.subject,
  status: m.status as ConsoleMail["status"],
  attempts: m.attempts,
  last_error: m.lastError,
  created_at: m.createdAt.toISOString(),
  sent_at: m.sentAt?.toISOString() ?? null,
});

/** GET /api/operator/mail: the latest 100 mails of every tenant. */
export async function consoleMailList(db: Db, smtpConfigured: boolean): Promise<ConsoleMailList> {
  return { data: (await latestMail(db)).map(summary), smtp_configured: smtpConfigured } satisfies ConsoleMailList;
}

/** GET /api/operator/mail/{id}: one mail whole, both parts and its extra headers. */
export async function consoleMailDetail(db: Db, id: string): Promise<ConsoleMailDetail | null> {
  const mail = await mailById(db, id);
  if (!mail) return null;
  return { ...summary(mail), text: mail.textBody, html: mail.htmlBody, headers: mail.headers } satisfies ConsoleMailDetail;
}
