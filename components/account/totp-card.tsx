"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { QRCodeSVG } from "qrcode.react";
import * as z from "zod/mini";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyValueButton } from "@/components/ui/copy-value-button";
import { Field, TextInput } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { RunButton } from "@/components/ui/run-button";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { totpConfirmedSchema, totpStartedSchema, type AccountSecurity, type TotpStarted } from "@/lib/dashboard/contract/account-api";
import { RecoveryCodesShown } from "./recovery-codes";

/** The key in groups of four, as apps print it and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

function Enrol({ started, onDone }: { started: TotpStarted; onDone: (codes: string[] | null) => void }) {
  const t = useTranslations("account.totp");
  const { busy, error, run } = useSubmit();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="shrink-0 self-center rounded-md bg-white p-3 sm:self-start">
        <QRCodeSVG value={started.uri} size={176} level="M" marginSize={0} title={t("qrLabel")} data-testid="totp-qr" />
      </div>
      <form
        className="flex min-w-0 flex-1 flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const code = String(new FormData(event.currentTarget).get("code") ?? "");
          void run(async () =>
            onDone((await apiFetch("/api/account/totp/confirm", totpConfirmedSchema, { method: "POST", body: { code } })).recovery_codes),
          );
        }}
      >
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("scan")}</p>
        <div className="text-sm">
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("key")}</span>
          <p className="flex flex-wrap items-center gap-2">
            <code className="font-mono" data-testid="totp-secret">
              {grouped(started.secret)}
            </code>
            <CopyValueButton value={started.secret} label={t("copyKey")} />
          </p>
        </div>
        <Field id="totp-code" label={t("code")} hint={t("codeHint")}>
          <TextInput
            id="totp-code"
            name="code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            pattern="[0-9 ]{6,7}"
          />
        </Field>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? t("confirming") : t("confirm")}
          </Button>
        </div>
        <FormError message={error} />
      </form>
    </div>
  );
}

/** The authenticator app: on since when, set up with its QR code and first code, or turned off. */
export function TotpCard({ totp }: { totp: AccountSecurity["totp"] }) {
  const t = useTranslations("account.totp");
  const f = useFormat();
  const router = useRouter();
  const [started, setStarted] = useState<TotpStarted | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [enabled, setEnabled] = useState(false);
  const { busy, error, run } = useSubmit();
  return (
    <Card title={t("title")} labelId="authenticator-app">
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      {totp.enabled ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span data-testid="totp-state">{t("on", { date: f.dateTime(totp.confirmed_at ?? "") })}</span>
          <RunButton
            busy={busy}
            run={run}
            action={async () => {
              await apiFetch("/api/account/totp", z.null(), { method: "DELETE" });
              router.refresh();
            }}
          >
            {t("remove")}
          </RunButton>
        </div>
      ) : started ? (
        <Enrol
          started={started}
          onDone={(recovery) => {
            setStarted(null);
            setCodes(recovery);
            setEnabled(true);
            router.refresh();
          }}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span data-testid="totp-state">{t("off")}</span>
          <Button
            disabled={busy}
            onClick={() => void run(async () => setStarted(await apiFetch("/api/account/totp", totpStartedSchema, { method: "POST" })))}
          >
            {busy ? t("starting") : t("setUp")}
          </Button>
        </div>
      )}
      <FormError message={error} className="mt-2" />
      {enabled && (
        <p role="status" className="mt-2 text-sm text-green-800 dark:text-green-300">
          {t("enabled")}
        </p>
      )}
      {codes && (
        <div className="mt-3">
          <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />
        </div>
      )}
    </Card>
  );
}
