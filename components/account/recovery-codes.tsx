"use client";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { CopyValueButton } from "@/components/ui/copy-value-button";

/** Ten single-use codes, shown this once, with what to do with them. */
export function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("account.recovery");
  return (
    <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm dark:border-green-800 dark:bg-green-950">
      <p className="font-medium">{t("shownOnce")}</p>
      <ul aria-label={t("codes")} data-testid="recovery-codes" className="my-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono sm:grid-cols-3">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyValueButton value={codes.join("\n")} label={t("copy")} name={t("copy")} />
        <Button size="sm" variant="secondary" onClick={onDone}>
          {t("done")}
        </Button>
      </div>
    </div>
  );
}
