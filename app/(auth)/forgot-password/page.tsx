import type { Metadata } from "next";
import { Link } from "@/components/ui/app-link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("accountLinks"))("forgotTitle") };
}

export default async function Page() {
  const t = await getTranslations("accountLinks");
  const login = await getTranslations("login");
  return (
    <AuthCard heading={t("forgotTitle")} intro={t("forgotIntro")} returnTo="/forgot-password">
      <ForgotPasswordForm
        labels={{
          email: login("email"),
          send: t("send"),
          sending: t("sending"),
          // the form puts the address typed in where {email} stands
          sent: t("sent", { email: "{email}" }),
          tooMany: t("tooMany"),
          failed: t("failed"),
        }}
      />
      <Link href="/login" className="mt-4 block text-sm text-orange-700 underline dark:text-orange-400">
        {t("backToSignIn")}
      </Link>
    </AuthCard>
  );
}
