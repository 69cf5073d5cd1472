"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import * as z from "zod/mini";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/field";
import { DateField } from "@/components/ui/date-time-field";
import { EmptyState, FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { agreementSchema, type Agreement, type Agreements, type SharePeriod } from "@/lib/dashboard/contract/reports-api";

// Settings › Affiliate agreements: each affiliate_id with a label and the share of the fee it
// earns from a day on. Reports and statements compute earnings from these periods.

function useAgreementChanges() {
  const t = useTranslations("settings.agreements");
  const router = useRouter();
  const submit = useSubmit({ not_found: t("notAnId") });
  const refresh = () => router.refresh();
  const save = (id: string, label: string, periods: SharePeriod[]) =>
    submit.run(async () => {
      await apiFetch(`/api/agreements/${encodeURIComponent(id)}`, agreementSchema, { method: "PUT", body: { label, periods } });
      await refresh();
    });
  const removeLabel = (id: string) =>
    submit.run(async () => {
      await apiFetch(`/api/settings/affiliates/${encodeURIComponent(id)}`, z.null(), { method: "DELETE" });
      await refresh();
    });
  return { ...submit, save, removeLabel };
}

type Draft = { from: string; share: string };
const toPeriods = (drafts: Draft[]): SharePeriod[] =>
  drafts.filter((d) => d.from || d.share).map((d) => ({ from: d.from, share_percent: d.share === "" ? Number.NaN : Number(d.share) }));

function PeriodsEditor({ id, drafts, onChange }: { id: string; drafts: Draft[]; onChange: (drafts: Draft[]) => void }) {
  const t = useTranslations("settings.agreements");
  const set = (index: number, patch: Partial<Draft>) => onChange(drafts.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">{t("share")}</legend>
      {drafts.length === 0 && <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("noShare")}</p>}
      {drafts.map((draft, index) => (
        <div key={index} className="flex flex-wrap items-center gap-2" data-period={index}>
          <label className="flex items-center gap-1 text-xs">
            <span>{t("from")}</span>
            <DateField
              id={`period-${id}-${index}`}
              label={t("periodFrom", { index: index + 1, id })}
              aria-label={t("periodFrom", { index: index + 1, id })}
              compact
              value={draft.from}
              onChange={(day) => set(index, { from: day })}
              className="w-40!"
            />
          </label>
          <label className="flex items-center gap-1 text-xs">
            <TextInput
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step="0.0001"
              aria-label={t("periodShare", { index: index + 1, id })}
              value={draft.share}
              onChange={(e) => set(index, { share: e.target.value })}
              className="w-24"
            />
            <span>%</span>
          </label>
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange(drafts.filter((_, i) => i !== index))}>
            {t("removePeriod")}
          </Button>
        </div>
      ))}
      <div>
        <Button type="button" size="sm" variant="secondary" onClick={() => onChange([...drafts, { from: "", share: "" }])}>
          {t("addPeriod")}
        </Button>
      </div>
    </fieldset>
  );
}

function AgreementRow({ agreement }: { agreement: Agreement }) {
  const t = useTranslations("settings.agreements");
  const tc = useTranslations("common");
  const f = useFormat();
  const { busy, error, save, removeLabel } = useAgreementChanges();
  const [drafts, setDrafts] = useState<Draft[]>(agreement.periods.map((p) => ({ from: p.from, share: String(p.share_percent) })));
  const inputId = `label-${agreement.affiliate_id}`;
  return (
    <li className="flex flex-col gap-3 py-4" data-affiliate={agreement.affiliate_id}>
      <div className="flex flex-wrap items-baseline gap-x-3 text-xs text-zinc-600 dark:text-zinc-400">
        <code className="font-mono inline-block max-w-full wrap-id">{agreement.affiliate_id}</code>
        <span>
          {agreement.last_used_at
            ? t("ordersLast", { count: agreement.orders, last: f.dateTime(agreement.last_used_at) })
            : t("orders", { count: agreement.orders })}
        </span>
        <span data-testid="share-today">
          {agreement.share_percent_today === null ? t("noShareToday") : t("shareToday", { share: agreement.share_percent_today })}
        </span>
      </div>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void save(agreement.affiliate_id, String(new FormData(event.currentTarget).get("label") ?? ""), toPeriods(drafts));
        }}
      >
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            {t("labelOf", { id: agreement.affiliate_id })}
          </label>
          <TextInput
            id={inputId}
            name="label"
            defaultValue={agreement.label ?? ""}
            placeholder={t("noLabel")}
            maxLength={80}
            className="sm:max-w-xs"
          />
        </div>
        <PeriodsEditor id={agreement.affiliate_id} drafts={drafts} onChange={setDrafts} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={busy}>
            {tc("save")}
          </Button>
          {agreement.label && (
            <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => void removeLabel(agreement.affiliate_id)}>
              {t("removeLabel")}
            </Button>
          )}
        </div>
      </form>
      <FormError message={error} />
    </li>
  );
}

/** Every agreement the tenant's orders carry, or that it configured, with label and share periods. */
export function AgreementsPanel({ list }: { list: Agreements }) {
  const t = useTranslations("settings.agreements");
  const { busy, error, save } = useAgreementChanges();
  return (
    <Card title={t("title")} labelId="affiliate-agreements">
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        {t.rich("intro", { zone: list.time_zone, code: (chunks) => <code>{chunks}</code> })}
      </p>
      {list.data.length === 0 ? (
        <EmptyState title={t("empty")}>{t("emptyBody")}</EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {list.data.map((a) => (
            <AgreementRow key={`${a.affiliate_id}:${JSON.stringify(a.periods)}`} agreement={a} />
          ))}
        </ul>
      )}
      <form
        className="mt-4 grid gap-3 border-t border-zinc-200 pt-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end dark:border-zinc-800"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          const share = String(data.get("share") ?? "");
          const from = String(data.get("from") ?? "");
          const periods = share === "" ? [] : [{ from, share_percent: Number(share) }];
          void save(String(data.get("affiliate_id") ?? "").trim(), String(data.get("label") ?? ""), periods).then(
            (ok) => ok && form.reset(),
          );
        }}
      >
        <Field id="new-affiliate-id" label={t("affiliateId")}>
          <TextInput id="new-affiliate-id" name="affiliate_id" required placeholder={t("uuidPlaceholder")} spellCheck={false} />
        </Field>
        <Field id="new-affiliate-label" label={t("label")}>
          <TextInput id="new-affiliate-label" name="label" required maxLength={80} />
        </Field>
        <Field id="new-affiliate-share" label={t("shareOptional")}>
          <TextInput id="new-affiliate-share" name="share" type="number" inputMode="decimal" min={0} max={100} step="0.0001" />
        </Field>
        <input type="hidden" name="from" value="2000-01-01" />
        <Button type="submit" disabled={busy}>
          {t("add")}
        </Button>
        <FormError message={error} className="sm:col-span-4" />
      </form>
    </Card>
  );
}
