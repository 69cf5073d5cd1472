import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { mailMessages } from "@/lib/db/schema";
import type { JobHandler } from "@/lib/dashboard/jobs/runner";
import { processSingleton } from "@/lib/process-singleton";
import { errorText, logger } from "@/lib/log";

const log = logger("mail");

// Sends one queued mail over SMTP (SMTP_URL), or keeps it as caught when no server is
// configured: the console's Mail tab then shows what would have gone out. A refused or
// unreachable server is tried again per MAIL_RETRY_SCHEDULE, after which the mail is failed.

/** One pooled transport per process; the URL carries the server's credentials and is never logged. */
const holder = processSingleton("mail-transport", () => ({ transport: undefined as Transporter | undefined }));

function transport(url: string): Transporter {
  holder.transport ??= nodemailer.createTransport(url);
  return holder.transport;
}

/** The delay before the n-th retry (n from 1), or null when the schedule is spent. */
export function mailRetryDelayMs(n: number, schedule = env().mailRetryScheduleMs): number | null {
  return n >= 1 && n <= schedule.length ? (schedule[n - 1] ?? null) : null;
}

export const sendMail: JobHandler = async (db, job) => {
  const id = String(job.payload.mail_id);
  const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  if (!mail || mail.status !== "queued") return { outcome: "done" };
  const config = env();
  if (!config.smtpUrl) {
    return {
      outcome: "done",
      record: async (tx) =>
        void (await tx
          .update(mailMessages)
          .set({ status: "caught", attempts: mail.attempts + 1 })
          .where(eq(mailMessages.id, id))),
    };
  }
  try {
    const info = (await transport(config.smtpUrl).sendMail({
      from: config.mailFrom,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      headers: mail.headers,
    })) as { messageId?: string };
    return {
      outcome: "done",
      record: async (tx) =>
        void (await tx
          .update(mailMessages)
          .set({ status: "sent", attempts: mail.attempts + 1, sentAt: new Date(), messageId: info.messageId ?? null, lastError: null })
          .where(eq(mailMessages.id, id))),
    };
  } catch (caught) {
    const error = errorText(caught).slice(0, 1000);
    const attempt = mail.attempts + 1;
    const delay = mailRetryDelayMs(attempt);
    log.warn(
      { mail_id: id, attempt, err: error },
      delay === null ? "a mail could not be sent and is given up" : "a mail could not be sent; it is tried again",
    );
    const record = async (tx: Db) =>
      void (await tx
        .update(mailMessages)
        .set({ status: delay === null ? "failed" : "queued", attempts: attempt, lastError: error })
        .where(eq(mailMessages.id, id)));
    if (delay === null) return { outcome: "failed", error, record };
    return { outcome: "retry", at: new Date(Date.now() + delay), error, record };
  }
};
