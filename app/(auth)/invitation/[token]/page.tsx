import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SetPasswordPage } from "@/components/auth/set-password-page";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  // the token is in the path: no referrer carries it to another site
  return { title: (await getTranslations("accountLinks"))("invitationTitle"), referrer: "no-referrer" };
}

export default async function Page({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <SetPasswordPage token={token} purpose="invitation" path={`/invitation/${token}`} />;
}
