"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/states";
import { RunButton } from "@/components/ui/run-button";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { recoveryCodesSchema } from "@/lib/dashboard/contract/account-api";
import { RecoveryCodesShown } from "./recovery-codes";

/** How many recovery codes are left, and ten new ones (the old ones stop working). */
export function RecoveryCodesCard({ remaining, hasFactor }: { remaining: number; hasFactor: boolean }) {
  const t = useTranslations("account.recovery");
  const router = useRouter();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { busy, error, run } = useSubmit();
  return (
    <Card title={t("title")} labelId="recovery-codes">
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      {hasFactor ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span data-testid="recovery-remaining">{t("remaining", { count: remaining })}</span>
          <RunButton
            busy={busy}
            run={run}
            action={async () => {
              setCodes((await apiFetch("/api/account/recovery-codes", recoveryCodesSchema, { method: "POST" })).codes);
              router.refresh();
            }}
          >
            {t("regenerate")}
          </RunButton>
        </div>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("needFactor")}</p>
      )}
      <FormError message={error} className="mt-2" />
      {codes && (
        <div className="mt-3">
          <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />
        </div>
      )}
    </Card>
  );
}
