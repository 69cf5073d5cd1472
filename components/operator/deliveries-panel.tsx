"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTimeField } from "@/components/ui/date-time-field";
import { Field, Select } from "@/components/ui/field";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { shortId } from "@/lib/dashboard/client/format";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { deliverySchema, recoverResultSchema, type clientListSchema, type deliveriesSchema } from "@/lib/service-api/operator-contract";
import { listFilters } from "@/lib/dashboard/pages/list-page";
import { useDeliveryFailureText } from "./delivery-failure";
import type * as z from "zod/mini";

/** An instant to the minute: what a date and time field shows, the same on the server and in the browser. */
const toMinute = (ms: number) => new Date(ms - (ms % 60_000)).toISOString();

export type Deliveries = z.infer<typeof deliveriesSchema>;
export type SandboxClients = z.infer<typeof clientListSchema>;
type Delivery = Deliveries["deliveries"][number];

const statusStyle: Record<Delivery["status"], string> = {
  delivered: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300",
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300",
  failed: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
};

function DeliveryRow({ delivery }: { delivery: Delivery }) {
  const t = useTranslations("operator.deliveries");
  const f = useFormat();
  const failureText = useDeliveryFailureText();
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  return (
    <li className="flex flex-col gap-1 py-3" data-delivery={delivery.id}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusStyle[delivery.status]}`}>
          {t(`statuses.${delivery.status}`)}
        </span>
        <span className="font-medium">{delivery.event}</span>
        <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{t("exchange", { id: shortId(delivery.exchange_id) })}</span>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          {t("attempts", { count: delivery.attempts })}
          {delivery.next_attempt_at && t("next", { time: f.dateTime(delivery.next_attempt_at) })}
        </span>
        <Button
          size="sm"
          variant="secondary"
          className="ml-auto"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              await apiFetch(`/api/operator/sandbox/deliveries/${delivery.id}/resend`, deliverySchema, { method: "POST", body: {} });
              router.refresh();
            })
          }
        >
          {busy ? t("sending") : t("resend")}
        </Button>
      </div>
      <div className="text-xs wrap-anywhere text-zinc-600 dark:text-zinc-400">{delivery.url}</div>
      <details className="text-xs">
        <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">{t("history")}</summary>
        <ol className="mt-1 flex flex-col gap-0.5">
          {delivery.history.map((a) => (
            <li key={a.attempt} className="tabular-nums">
              {t("attempt", {
                attempt: a.attempt,
                time: f.dateTime(a.started_at),
                status: a.status_code === null ? t("noAnswer") : String(a.status_code),
                error: a.error ? ` · ${failureText(a.error)}` : "",
                ms: a.duration_ms,
              })}
            </li>
          ))}
        </ol>
        <pre className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 dark:bg-zinc-800">{delivery.body}</pre>
      </details>
      {error && (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </li>
  );
}

function Recover({ endpoints }: { endpoints: { id: string; label: string }[] }) {
  const t = useTranslations("operator.deliveries");
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  const [result, setResult] = useState<string | null>(null);
  const [yesterday] = useState(() => toMinute(Date.now() - 86_400_000));
  return (
    <form
      className="grid gap-3 border-t border-zinc-200 pt-3 sm:grid-cols-3 dark:border-zinc-800"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const since = new Date(String(form.get("since") ?? "")).toISOString();
        void run(async () => {
          const body = { endpoint_id: String(form.get("endpoint") ?? ""), since };
          const { recovered } = await apiFetch("/api/operator/sandbox/deliveries/recover", recoverResultSchema, { method: "POST", body });
          setResult(t("recovered", { count: recovered }));
          router.refresh();
        });
      }}
    >
      <Field id="recover-endpoint" label={t("endpoint")}>
        <Select id="recover-endpoint" name="endpoint" required>
          {endpoints.map((e) => (
            <option key={e.id} value={e.id}>
              {e.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="recover-since" label={t("failedSince")}>
        <DateTimeField id="recover-since" label={t("failedSince")} name="since" defaultValue={yesterday} required />
      </Field>
      <div className="flex items-end">
        <Button type="submit" variant="secondary" disabled={busy || endpoints.length === 0}>
          {t("recover")}
        </Button>
      </div>
      {(result || error) && (
        <p role={error ? "alert" : "status"} className="text-sm sm:col-span-3">
          {error ?? result}
        </p>
      )}
    </form>
  );
}

/**
 * The sandbox's webhook deliveries (the latest 50 for the filters in the address, read by the
 * page on the server, or the code of its error), each with its attempts; resend one, or recover
 * an endpoint's failures since a date.
 */
export function DeliveriesPanel({ deliveries, clients }: { deliveries: Deliveries | { error: string }; clients: SandboxClients | null }) {
  const t = useTranslations("operator.deliveries");
  const { filters, setFilter, pending } = useUrlFilters("/operator", listFilters.deliveries, { server: true });
  const { status = "", endpoint_id: endpoint = "" } = filters;
  const endpoints = (clients?.clients ?? []).flatMap((c) => c.endpoints.map((e) => ({ id: e.id, label: `${c.name} · ${e.url}` })));
  return (
    <Card title={t("title")} labelId="webhook-deliveries">
      <div className="mb-2 grid gap-2 sm:grid-cols-2">
        <Select aria-label={t("status")} value={status} onChange={(e) => setFilter("status", e.target.value)}>
          <option value="">{t("everyStatus")}</option>
          <option value="pending">{t("statusOptions.pending")}</option>
          <option value="delivered">{t("statusOptions.delivered")}</option>
          <option value="failed">{t("statusOptions.failed")}</option>
        </Select>
        <Select aria-label={t("endpoint")} value={endpoint} onChange={(e) => setFilter("endpoint_id", e.target.value)}>
          <option value="">{t("everyEndpoint")}</option>
          {endpoints.map((e) => (
            <option key={e.id} value={e.id}>
              {e.label}
            </option>
          ))}
        </Select>
      </div>
      {"error" in deliveries ? (
        <ErrorState code={deliveries.error} retryByRefresh />
      ) : deliveries.deliveries.length === 0 ? (
        <EmptyState title={status || endpoint ? t("noMatch") : t("empty")} />
      ) : (
        <ul aria-busy={pending || undefined} className="divide-y divide-zinc-200 aria-busy:opacity-60 dark:divide-zinc-800">
          {deliveries.deliveries.map((d) => (
            <DeliveryRow key={d.id} delivery={d} />
          ))}
        </ul>
      )}
      <Recover endpoints={endpoints} />
    </Card>
  );
}
