import { QRCodeSVG } from "qrcode.react";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { CopyValueButton } from "@/components/ui/copy-value-button";
import type { PaymentMethod } from "@/lib/service-api/schemas";
import { formatIban } from "@/lib/banking/iban";
import { epcQrPayload } from "@/lib/banking/girocode";

/** `iban`: copied without its spaces, as banking apps want it. */
function Line({ label, value, copy = true, iban = false }: { label: string; value: string; copy?: boolean; iban?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-3">
      <dt className="w-40 shrink-0 text-sm text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 font-mono text-sm wrap-id">
        {value}
        {copy && <CopyValueButton value={value.replace(/\s+/g, iban ? "" : " ")} />}
      </dd>
    </div>
  );
}

/** Where the customer pays: bank details with copy buttons, and a QR code their banking app scans. */
export function PaymentInstructions({ method }: { method: PaymentMethod }) {
  const t = useTranslations("orders.payment");
  const qr =
    method.currency === "eur"
      ? {
          payload: epcQrPayload({
            name: method.creditor_name,
            iban: method.creditor_iban,
            bic: method.creditor_bank_bic,
            reference: method.creditor_reference,
          }),
          label: t("girocode"),
        }
      : method.currency === "chf" && method.swiss_qr_bill_payload
        ? { payload: method.swiss_qr_bill_payload, label: t("qrBill") }
        : null;
  return (
    <Card title={t("title")} labelId="payment-instructions">
      <div className="flex flex-col gap-6 md:flex-row">
        <div className="flex flex-1 flex-col gap-2">
          <dl className="flex flex-col gap-2">
            <Line label={t("beneficiary")} value={method.creditor_name} />
            <Line label={t("creditorIban")} value={formatIban(method.creditor_iban)} iban />
            <Line label={t("reference")} value={method.creditor_reference} />
            <Line label={t("bic")} value={method.creditor_bank_bic} />
            <Line
              label={t("bank")}
              value={[
                method.creditor_bank_name,
                method.creditor_bank_street,
                `${method.creditor_bank_postal_code} ${method.creditor_bank_town}`,
                method.creditor_bank_country,
              ].join(", ")}
              copy={false}
            />
            <Line
              label={t("beneficiaryAddress")}
              value={`${method.creditor_street}, ${method.creditor_postal_code} ${method.creditor_town}, ${method.creditor_country}`}
              copy={false}
            />
            <Line label={t("currency")} value={method.currency.toUpperCase()} copy={false} />
            <Line label={t("payingAccount")} value={formatIban(method.debitor_iban)} copy={false} />
          </dl>
          <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{t("rule")}</p>
        </div>
        {qr ? (
          <figure className="flex flex-col items-center gap-2">
            <div className="rounded bg-white p-3">
              <QRCodeSVG value={qr.payload} size={176} level="M" marginSize={0} data-testid="payment-qr" title={qr.label} />
            </div>
            <figcaption className="max-w-48 text-center text-xs text-zinc-500 dark:text-zinc-400">{qr.label}</figcaption>
          </figure>
        ) : (
          <p className="max-w-48 text-xs text-zinc-500 dark:text-zinc-400">{t("noQr")}</p>
        )}
      </div>
    </Card>
  );
}
