import { Link } from "@/components/ui/app-link";
import { getFormatter, getTranslations } from "next-intl/server";
import { getDb } from "@/lib/db/client";
import { openLink, type LinkPurpose } from "@/lib/dashboard/auth/account-links";
import { AuthCard } from "./auth-card";
import { SetPasswordForm } from "./set-password-form";

/** /invitation/{token} and /reset-password/{token}: the form while the link works, else why it does not. */
export async function SetPasswordPage({ token, purpose, path }: { token: string; purpose: LinkPurpose; path: string }) {
  const t = await getTranslations("accountLinks");
  const format = await getFormatter();
  const link = await openLink(await getDb(), token);
  if (!link || link.purpose !== purpose) {
    return (
      <AuthCard heading={t("invalidTitle")} intro={t("invalidText")} returnTo={path}>
        <div className="flex flex-col gap-2 text-sm">
          <Link href="/forgot-password" className="text-orange-700 underline dark:text-orange-400">
            {t("askAgain")}
          </Link>
          <Link href="/login" className="text-orange-700 underline dark:text-orange-400">
            {t("backToSignIn")}
          </Link>
        </div>
      </AuthCard>
    );
  }
  const invitation = purpose === "invitation";
  return (
    <AuthCard
      heading={invitation ? t("invitationHeading") : t("resetHeading")}
      intro={invitation ? t("invitationIntro", { email: link.email }) : t("resetIntro", { email: link.email })}
      returnTo={path}
    >
      <SetPasswordForm
        token={token}
        labels={{
          password: t("password"),
          passwordHint: t("passwordHint"),
          confirm: t("confirm"),
          mismatch: t("mismatch"),
          tooShort: t("tooShort"),
          save: t("save"),
          saving: t("saving"),
          failed: t("failed"),
          gone: t("invalidText"),
        }}
      />
      <p className="mt-4 text-xs text-zinc-500 dark:text-zinc-400">
        {t("validUntil", { until: format.dateTime(link.expiresAt, { dateStyle: "medium", timeStyle: "short" }) })}
      </p>
    </AuthCard>
  );
}
