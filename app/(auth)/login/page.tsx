import type { Metadata } from "next";
import { Link } from "@/components/ui/app-link";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/auth/login-form";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { Logo } from "@/components/shell/logo";
import { locales } from "@/i18n/config";
import { currentUser } from "@/lib/dashboard/auth/current-user";
import { secondStep } from "@/lib/dashboard/auth/sign-in-ceremonies";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("login"))("title") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await currentUser({ headers: await headers() })) redirect("/");
  const t = await getTranslations("login");
  // the switcher comes back here with the same query (the callback and any error)
  const query = new URLSearchParams(Object.entries(await searchParams).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])));
  const here = query.size > 0 ? `/login?${query}` : "/login";
  // a second step under way in this browser (its cookie): the form goes on with it, and asks nothing on load
  const pending = await secondStep(await getDb()).catch((error: unknown) => {
    if (error instanceof ApiError) return null;
    throw error;
  });
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-4">
      <div className="w-full max-w-sm rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-1 flex items-center gap-2 text-xl font-semibold">
          <Logo className="h-6 w-6" /> {t("heading")}
        </h1>
        <p className="mb-6 text-sm text-zinc-500 dark:text-zinc-400">{t("intro")}</p>
        {query.get("notice") === "password_set" && (
          <p role="status" className="mb-4 rounded-md bg-green-50 p-3 text-sm text-green-800 dark:bg-green-950 dark:text-green-200">
            {t("notices.passwordSet")}
          </p>
        )}
        <LoginForm
          pending={pending}
          email={query.get("email")?.slice(0, 254) ?? undefined}
          labels={{
            email: t("email"),
            password: t("password"),
            submit: t("submit"),
            submitting: t("submitting"),
            or: t("or"),
            passkey: t("passkey"),
            passkeyWaiting: t("passkeyWaiting"),
            second: {
              heading: t("second.heading"),
              signingInAs: t("second.signingInAs"),
              code: t("second.code"),
              codeHint: t("second.codeHint"),
              recovery: t("second.recovery"),
              recoveryHint: t("second.recoveryHint"),
              verify: t("second.verify"),
              verifying: t("second.verifying"),
              usePasskey: t("second.usePasskey"),
              useRecovery: t("second.useRecovery"),
              useCode: t("second.useCode"),
              startOver: t("second.startOver"),
            },
            errors: {
              CredentialsSignin: t("errors.CredentialsSignin"),
              RateLimited: t("errors.RateLimited"),
              WrongCode: t("errors.WrongCode"),
              WrongRecoveryCode: t("errors.WrongRecoveryCode"),
              SecondStepExpired: t("errors.SecondStepExpired"),
              PasskeyFailed: t("errors.PasskeyFailed"),
              PasskeyUnsupported: t("errors.PasskeyUnsupported"),
              failed: t("errors.failed"),
            },
          }}
        />
        <Link href="/forgot-password" className="mt-4 block text-sm text-orange-700 underline dark:text-orange-400">
          {t("forgot")}
        </Link>
      </div>
      <LanguageSwitcher offered={locales} returnTo={here} />
    </main>
  );
}
