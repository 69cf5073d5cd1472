"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyValueButton } from "@/components/ui/copy-value-button";
import { Field, TextInput } from "@/components/ui/field";
import { RunButton } from "@/components/ui/run-button";
import { FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { revealedSchema, rotatedSchema, type Rotated, type WebhookSecretStatus } from "@/lib/dashboard/contract/settings-api";
import { OneTimeSecret } from "./one-time-secret";
import { OverlapSelect } from "./overlap-select";

/** A masked secret with a reveal (audited) that shows it until hidden again. */
function SecretLine({ label, masked, which, note }: { label: string; masked: string; which: "current" | "previous"; note?: string }) {
  const t = useTranslations("settings.webhooks");
  const [revealed, setRevealed] = useState<string | null>(null);
  const { busy, error, run } = useSubmit();
  return (
    <div className="flex flex-col gap-1" data-secret={which}>
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <code className="font-mono inline-block max-w-full wrap-id">{revealed ?? masked}</code>
        {revealed ? (
          <>
            <CopyValueButton value={revealed} label={t("copySecret")} />
            <Button size="sm" variant="ghost" onClick={() => setRevealed(null)}>
              {t("hide")}
            </Button>
          </>
        ) : (
          <RunButton
            busy={busy}
            run={run}
            action={async () => {
              const { secret } = await apiFetch("/api/settings/webhook-secret/reveal", revealedSchema, { method: "POST", body: { which } });
              setRevealed(secret);
            }}
          >
            {t("reveal")}
          </RunButton>
        )}
        {note && <span className="text-xs text-zinc-500 dark:text-zinc-400">{note}</span>}
      </dd>
      <FormError message={error} />
    </div>
  );
}

function Rotate({ automatic }: { automatic: boolean }) {
  const t = useTranslations("settings.webhooks");
  const f = useFormat();
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  const [rotated, setRotated] = useState<Rotated | null>(null);
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const overlap = Number(form.get("overlap"));
        // a secret the service issued is taken as it is; without one, the dashboard makes it
        const given = String(form.get("secret") ?? "").trim();
        const body = { overlap_hours: overlap, ...(given ? { secret: given } : {}) };
        void run(async () => {
          setRotated(await apiFetch("/api/settings/webhook-secret/rotate", rotatedSchema, { method: "POST", body }));
          router.refresh();
        });
      }}
    >
      <Field id="rotate-overlap" label={t("overlap")} hint={t("overlapHint")}>
        <OverlapSelect id="rotate-overlap" hoursLabel={(hours) => t("hours", { hours })} />
      </Field>
      {!automatic && (
        <Field id="rotate-secret" label={t("givenSecret")} hint={t("givenSecretHint")}>
          <TextInput id="rotate-secret" name="secret" autoComplete="off" spellCheck={false} minLength={16} maxLength={256} />
        </Field>
      )}
      <div>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? t("rotating") : t("rotate")}
        </Button>
      </div>
      <FormError message={error} />
      {rotated && (
        <OneTimeSecret title={t("newSecret")} value={rotated.secret} label={t("copyNewSecret")}>
          {automatic ? t("automatic") : t("manual")}{" "}
          {rotated.status.previous ? t("oldUntil", { time: f.dateTime(rotated.status.previous.until) }) : t("oldGone")}
        </OneTimeSecret>
      )}
    </form>
  );
}

/** The webhook endpoint to register, its secrets masked with audited reveals, and rotation with an overlap. */
export function WebhookSecretPanel({ status }: { status: WebhookSecretStatus }) {
  const t = useTranslations("settings.webhooks");
  const f = useFormat();
  const { webhook_url, current, previous, registered_automatically } = status;
  return (
    <div className="flex flex-col gap-4">
      <Card title={t("title")} labelId="webhook-secret">
        <dl className="flex flex-col gap-3 text-sm">
          <div className="flex flex-col gap-1">
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t("url")}</dt>
            <dd className="flex flex-wrap items-center gap-2 font-mono wrap-id">
              {webhook_url} <CopyValueButton value={webhook_url} label={t("copyUrl")} />
            </dd>
          </div>
          <SecretLine label={t("current")} masked={current} which="current" />
          {previous && (
            <SecretLine
              label={t("previous")}
              masked={previous.masked}
              which="previous"
              note={t("until", { time: f.dateTime(previous.until) })}
            />
          )}
        </dl>
        <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">{t("audited")}</p>
      </Card>
      <Card title={t("rotateTitle")} labelId="rotate-secret">
        <Rotate automatic={registered_automatically} />
      </Card>
    </div>
  );
}
