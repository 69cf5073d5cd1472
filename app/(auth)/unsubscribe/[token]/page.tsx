import type { Metadata } from "next";
import { eq } from "drizzle-orm";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { readUnsubscribeToken } from "@/lib/dashboard/notifications/preferences";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("accountLinks"))("unsubscribeTitle"), referrer: "no-referrer" };
}

/**
 * A mail's unsubscribe link: asks before it turns the category off (a link scanner's GET must
 * not unsubscribe anyone); the button posts to /api/unsubscribe/{token}, which comes back with done=1.
 */
export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ done?: string }>;
}) {
  const { token } = await params;
  const { done } = await searchParams;
  const t = await getTranslations("accountLinks");
  const path = `/unsubscribe/${token}`;
  const read = readUnsubscribeToken(token);
  const [user] = read ? await (await getDb()).select({ email: users.email }).from(users).where(eq(users.id, read.userId)) : [];
  if (!read || !user)
    return (
      <AuthCard heading={t("unsubscribeTitle")} intro={t("unsubscribeInvalid")} returnTo={path}>
        {null}
      </AuthCard>
    );
  const values = { email: user.email, category: t(`categories.${read.category}`) };
  if (done) {
    return (
      <AuthCard heading={t("unsubscribeTitle")} returnTo={path}>
        <p role="status" className="text-sm break-words">
          {t("unsubscribed", values)}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard heading={t("unsubscribeTitle")} intro={t("unsubscribeIntro", values)} returnTo={path}>
      <form method="post" action={`/api/unsubscribe/${encodeURIComponent(token)}`}>
        <input type="hidden" name="from" value="page" />
        <Button type="submit">{t("unsubscribeButton")}</Button>
      </form>
    </AuthCard>
  );
}
