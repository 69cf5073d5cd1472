"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { securityPolicySchema, type SecurityPolicy } from "@/lib/dashboard/contract/account-api";

/** The tenant's sign-in policy: whether every member must have a second factor. */
export function SecurityPanel({ policy, withoutFactor }: { policy: SecurityPolicy; withoutFactor: number }) {
  const t = useTranslations("settings.security");
  const tc = useTranslations("common");
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const { busy, error, run } = useSubmit({ conflict: t("ownFactorFirst") });
  return (
    <Card title={t("title")} labelId="sign-in-policy">
      <form
        className="flex flex-col gap-3 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          const require = new FormData(event.currentTarget).get("require") === "on";
          setSaved(false);
          void run(async () => {
            await apiFetch("/api/settings/security", securityPolicySchema, { method: "PUT", body: { require_second_factor: require } });
            setSaved(true);
            router.refresh();
          });
        }}
      >
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            name="require"
            defaultChecked={policy.require_second_factor}
            aria-describedby="require-hint"
            className="mt-0.5 h-4 w-4 accent-orange-700"
          />
          <span className="font-medium">{t("require")}</span>
        </label>
        <p id="require-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
          {t("requireHint")}
        </p>
        <p data-testid="members-without-factor">{t("without", { count: withoutFactor })}</p>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? tc("saving") : tc("save")}
          </Button>
        </div>
        <FormError message={error} />
        {saved && <p role="status">{t("saved")}</p>}
      </form>
    </Card>
  );
}
