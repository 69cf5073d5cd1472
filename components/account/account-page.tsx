import { getTranslations } from "next-intl/server";
import type { AccountSecurity } from "@/lib/dashboard/contract/account-api";
import { PasskeysCard } from "./passkeys-card";
import { RecoveryCodesCard } from "./recovery-codes-card";
import { TotpCard } from "./totp-card";

/**
 * A person's own account: passkeys, an authenticator app and recovery codes. Someone the policy
 * asks for a second factor lands here, and only here, until they have one.
 */
export async function AccountPage({ security, operator }: { security: AccountSecurity; operator: boolean }) {
  const t = await getTranslations("account");
  const hasFactor = security.passkeys.length > 0 || security.totp.enabled;
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro", { email: security.email })}</p>
      </div>
      {security.must_enrol && (
        <p
          role="alert"
          className={
            "rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 " +
            "dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          }
        >
          {t(operator ? "requiredOperator" : "required")}
        </p>
      )}
      <PasskeysCard passkeys={security.passkeys} />
      <TotpCard totp={security.totp} />
      <RecoveryCodesCard remaining={security.recovery_codes.remaining} hasFactor={hasFactor} />
    </div>
  );
}
