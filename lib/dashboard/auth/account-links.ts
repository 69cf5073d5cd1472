import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { accountLinks, tenants, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { queueMail } from "@/lib/dashboard/mail/outbox";
import { mailTranslator } from "@/lib/dashboard/mail/render";
import { hashPassword } from "./password";
import { passwordSchema } from "./users";
import { revokeUserSessions } from "./sessions";
import { countAttempt, unlockAccount } from "./sign-in-limit";
import { wakeJobRunner } from "@/lib/dashboard/jobs/runner";

// One-time links by mail: an invitation (valid 24 hours) sets a new member's first password, a
// password reset (30 minutes) a forgotten one. The link's token is 32 random bytes; only its
// SHA-256 is kept. A link works once, a newer link of the same kind voids the older ones, and
// using one ends every session of the user.

export type LinkPurpose = "invitation" | "password_reset";
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = { invitation: 24 * 3_600_000, password_reset: 30 * 60_000 };
const PATHS: Record<LinkPurpose, string> = { invitation: "/invitation", password_reset: "/reset-password" };

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The dashboard's address for links in mail: APP_URL, else this server's own. */
export function appUrl(): string {
  const config = env();
  return config.appUrl ?? `http://localhost:${config.port}`;
}

/** A new link for the user (voiding their unused ones of the same kind); its token is in the answer only. */
async function createLink(db: Db, userId: string, purpose: LinkPurpose) {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[purpose]);
  await db
    .update(accountLinks)
    .set({ usedAt: now })
    .where(and(eq(accountLinks.userId, userId), eq(accountLinks.purpose, purpose), isNull(accountLinks.usedAt)));
  await db.insert(accountLinks).values({ id: randomUUID(), userId, purpose, tokenHash: hashOf(token), expiresAt, createdAt: now });
  return { url: `${appUrl()}${PATHS[purpose]}/${token}`, expiresAt };
}

type Recipient = { id: string; email: string; locale: string; tenantId: string | null };

async function tenantName(db: Db, tenantId: string | null): Promise<string> {
  if (!tenantId) return "";
  const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.name ?? "";
}

/** Mails an invitation to a new member (in the caller's transaction); returns when it expires. */
export async function sendInvitation(db: Db, user: Recipient, invitedBy: string | null): Promise<Date> {
  const link = await createLink(db, user.id, "invitation");
  const { locale, t } = await mailTranslator(user.locale);
  const tenant = await tenantName(db, user.tenantId);
  await queueMail(db, {
    tenantId: user.tenantId,
    userId: user.id,
    to: user.email,
    category: "invitation",
    locale,
    content: {
      subject: t("mail.invitation.subject", { tenant }),
      heading: t("mail.invitation.heading", { tenant }),
      paragraphs: [
        invitedBy ? t("mail.invitation.byWhom", { inviter: invitedBy, tenant }) : t("mail.invitation.intro", { tenant }),
        t("mail.invitation.validity"),
      ],
      action: { label: t("mail.invitation.action"), url: link.url },
      footer: [t("mail.footer.ignore"), t("mail.footer.sentTo", { email: user.email })],
    },
  });
  return link.expiresAt;
}

/** Mails a password reset link (in the caller's transaction). */
export async function sendPasswordReset(db: Db, user: Recipient): Promise<Date> {
  const link = await createLink(db, user.id, "password_reset");
  const { locale, t } = await mailTranslator(user.locale);
  await queueMail(db, {
    tenantId: user.tenantId,
    userId: user.id,
    to: user.email,
    category: "password_reset",
    locale,
    content: {
      subject: t("mail.reset.subject"),
      heading: t("mail.reset.heading"),
      paragraphs: [t("mail.reset.intro"), t("mail.reset.validity")],
      action: { label: t("mail.reset.action"), url: link.url },
      footer: [t("mail.footer.ignoreReset"), t("mail.footer.sentTo", { email: user.email })],
    },
  });
  return link.expiresAt;
}

/** A link that can still be used: whose it is and what for; null for an unknown, used or expired one. */
export async function openLink(db: Db, token: string, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({ id: accountLinks.id, purpose: accountLinks.purpose, expiresAt: accountLinks.expiresAt, userId: users.id, email: users.email })
    .from(accountLinks)
    .innerJoin(users, eq(users.id, accountLinks.userId))
    .where(
      and(
        eq(accountLinks.tokenHash, hashOf(token)),
        isNull(accountLinks.usedAt),
        gt(accountLinks.expiresAt, now),
        eq(users.disabled, false),
      ),
    );
  return row ? { ...row, purpose: row.purpose as LinkPurpose } : null;
}

/**
 * Uses a link: sets the password, ends every session and lifts a sign-in lock. Two requests with
 * the same token: one sets the password, the other finds the link used (null).
 */
export async function redeemLink(db: Db, token: string, password: string) {
  const hash = await hashPassword(passwordSchema.parse(password));
  return db.transaction(async (tx) => {
    const link = await openLink(tx, token);
    if (!link) return null;
    const claimed = await tx
      .update(accountLinks)
      .set({ usedAt: new Date() })
      .where(and(eq(accountLinks.id, link.id), isNull(accountLinks.usedAt)))
      .returning({ id: accountLinks.id });
    if (claimed.length !== 1) return null;
    await tx
      .update(users)
      .set({ passwordHash: hash, passwordSetAt: sql`now()` })
      .where(eq(users.id, link.userId));
    await revokeUserSessions(tx, link.userId, link.purpose === "invitation" ? "invitation accepted" : "password reset by link");
    await unlockAccount(tx, link.email);
    return { email: link.email, purpose: link.purpose, userId: link.userId };
  });
}

/**
 * "Forgot your password?": a reset link for an enabled account, unless the account or the
 * address is over its sign-in limit. The caller answers the same whatever happened here.
 */
export async function requestPasswordReset(db: Db, email: string, address: string): Promise<void> {
  if (await countAttempt(db, email, address)) return;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user || user.disabled) return;
  await db.transaction((tx) => (user.passwordSetAt === null ? sendInvitation(tx, user, null) : sendPasswordReset(tx, user)));
  wakeJobRunner();
}
