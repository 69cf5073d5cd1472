"use client";
import { use, useState } from "react";
import { createTranslator } from "use-intl/core";
import { Button } from "@/components/ui/button";
import { Field, TextArea } from "@/components/ui/field";
import { checkInvoice } from "@/lib/lightning/check-invoice";
import { ApiClientError } from "@/lib/dashboard/client/api";
import { serviceNow } from "@/lib/dashboard/client/service-clock";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { catalogue } from "@/i18n/catalogues";
import { canScanFromPhone, ScanInvoice } from "./scan-invoice";
import type { Locale } from "@/i18n/config";

export type InvoiceFormProps = {
  locale: Locale;
  network: NetworkName;
  /** The exact amount the invoice must ask for: exchange amount minus the invoice offer's fee. */
  expectedSats: number;
  /** The invoice offer's fee, to recognise an invoice for the amount before it. */
  feeSats?: number;
  /** The order's node, when known: the invoice must be its. */
  nodePubkey?: string | null;
  submit: (invoice: string) => Promise<unknown>;
};

/**
 * Paste an invoice: decoded and checked here before it is sent, and the service's refusal in
 * the user's words. This module (the BOLT 11 decoder, the message formatter and the catalogue)
 * loads only when the user opens the form.
 */
export default function InvoiceForm({ locale, network, expectedSats, feeSats, nodePubkey, submit }: InvoiceFormProps) {
  const messages = use(catalogue(locale));
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const t = createTranslator({ locale, messages, namespace: "invoice", timeZone });
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = text.trim() ? checkInvoice(text, { network, sats: expectedSats, feeSats, nodePubkey, now: serviceNow() }) : null;
  const sendable = check?.ok === true && check.problems.length === 0;
  // the checker's keys and values are its own (lib/lightning/check-invoice.ts); the unit test of the catalogues covers them
  const problem = (p: { key: string; values: Record<string, string | number> }) =>
    t(`problems.${p.key}` as "problems.invalid", p.values as Record<string, never>);
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        try {
          await submit(text.trim());
          setText("");
        } catch (caught) {
          const code = caught instanceof ApiClientError ? caught.code : "unexpected_response";
          const key = `errors.${code}`;
          setError(t.has(key as "errors.generic") ? t(key as "errors.rate_limited") : t("errors.generic", { code }));
        } finally {
          setBusy(false);
        }
      }}
    >
      {canScanFromPhone() && <ScanInvoice onInvoice={setText} t={(key) => t(`scan.${key}`)} />}
      <Field id="invoice" label={t("label", { sats: expectedSats })} error={error}>
        <TextArea
          id="invoice"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t("placeholder")}
          spellCheck={false}
        />
      </Field>
      {check && !check.ok && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="invoice-problem">
          {problem(check.problem)}
        </p>
      )}
      {check?.ok && (
        <div className="flex flex-col gap-2 text-sm">
          <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1">
            {(
              [
                ["amount", check.sats === null ? t("none") : t("amount", { sats: check.sats })],
                ["payee", check.payee],
                ["network", check.network],
                ["expires", t("expires", { at: check.expiresAt })],
                ["description", check.description ?? "—"],
              ] as const
            ).map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-zinc-500 dark:text-zinc-400">{t(`terms.${term}`)}</dt>
                <dd className="font-mono text-xs wrap-id">{value}</dd>
              </div>
            ))}
          </dl>
          {check.problems.map((p) => (
            <p key={p.key} role="alert" className="text-red-600 dark:text-red-400" data-testid="invoice-problem">
              {problem(p)}
            </p>
          ))}
        </div>
      )}
      <Button type="submit" disabled={!sendable || busy}>
        {busy ? t("sending") : t("submit")}
      </Button>
    </form>
  );
}
