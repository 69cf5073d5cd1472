"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import * as z from "zod/mini";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Select, TextInput } from "@/components/ui/field";
import { EmptyState, FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import {
  deliveryListSchema,
  deliverySchema,
  endpointSchema,
  endpointWithSecretSchema,
  forwardedEventTypes,
  recoveredSchema,
  type Delivery,
  type Endpoint,
  type EndpointWithSecret,
} from "@/lib/dashboard/contract/forwarding-api";
import { OneTimeSecret } from "./one-time-secret";

const overlaps = [0, 1, 24, 72, 168] as const;

function Health({ endpoint }: { endpoint: Endpoint }) {
  const t = useTranslations("settings.forwarding");
  const f = useFormat();
  const { health } = endpoint;
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <div>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("successRate")}</dt>
          <dd>{health.success_rate_24h === null ? "—" : f.percent(health.success_rate_24h)}</dd>
        </div>
        <div>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("attempts24h")}</dt>
          <dd>{health.attempts_24h}</dd>
        </div>
        <div>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("lastSuccess")}</dt>
          <dd>{health.last_success_at ? f.dateTime(health.last_success_at) : t("never")}</dd>
        </div>
        <div>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("waiting")}</dt>
          <dd>{health.pending}</dd>
        </div>
      </dl>
      {health.failing_since && (
        <p className="text-xs text-amber-800 dark:text-amber-300">{t("failingSince", { time: f.dateTime(health.failing_since) })}</p>
      )}
    </>
  );
}

function DeliveryRow({ delivery, onChange }: { delivery: Delivery; onChange: (d: Delivery) => void }) {
  const t = useTranslations("settings.forwarding");
  const f = useFormat();
  const { busy, error, run } = useSubmit();
  const last = delivery.attempt_log.at(-1);
  return (
    <li
      className="flex flex-col gap-1 border-t border-zinc-200 py-2 text-sm first:border-t-0 dark:border-zinc-800"
      data-delivery={delivery.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={
            "rounded px-1.5 py-0.5 text-xs font-medium " +
            (delivery.status === "delivered"
              ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200"
              : delivery.status === "failed"
                ? "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200"
                : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200")
          }
        >
          {t(`status.${delivery.status}`)}
        </span>
        <code className="font-mono text-xs">{delivery.event_type}</code>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{f.dateTime(delivery.created_at)}</span>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("attemptCount", { count: delivery.attempts })}</span>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          aria-label={t("resendLabel", { id: delivery.webhook_id })}
          onClick={() =>
            void run(async () =>
              onChange(await apiFetch(`/api/forwarding/deliveries/${delivery.id}/resend`, deliverySchema, { method: "POST" })),
            )
          }
        >
          {t("resend")}
        </Button>
      </div>
      {delivery.status !== "delivered" && delivery.last_error && (
        <p className="text-xs text-red-800 dark:text-red-300">{delivery.last_error}</p>
      )}
      {delivery.next_attempt_at && <p className="text-xs">{t("nextAttempt", { time: f.dateTime(delivery.next_attempt_at) })}</p>}
      {delivery.attempt_log.length > 0 && (
        <details className="text-xs">
          <summary className="cursor-pointer">{t("attemptsOf", { id: delivery.webhook_id })}</summary>
          <ol className="mt-1 flex flex-col gap-1">
            {delivery.attempt_log.map((a) => (
              <li key={a.attempt} className="font-mono break-all">
                #{a.attempt} {f.dateTime(a.started_at)} · {a.status_code ?? "—"} · {t("duration", { ms: a.duration_ms })}
                {a.error ? ` · ${a.error}` : ""}
                {a.response_body ? <span className="block text-zinc-600 dark:text-zinc-400">{a.response_body.slice(0, 200)}</span> : null}
              </li>
            ))}
          </ol>
        </details>
      )}
      <FormError message={error} />
      {last === undefined && delivery.status === "pending" && <span className="sr-only">{t("waitingFirst")}</span>}
    </li>
  );
}

function Deliveries({ endpoint }: { endpoint: Endpoint }) {
  const t = useTranslations("settings.forwarding");
  const [list, setList] = useState<Delivery[] | null>(null);
  const { busy, error, run } = useSubmit();
  const load = () =>
    run(async () => setList((await apiFetch(`/api/forwarding/endpoints/${endpoint.id}/deliveries?limit=25`, deliveryListSchema)).data));
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => void load()} aria-expanded={list !== null}>
          {list === null ? t("showDeliveries") : t("refreshDeliveries")}
        </Button>
      </div>
      <FormError message={error} />
      {list !== null &&
        (list.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noDeliveries")}</p>
        ) : (
          <ul aria-label={t("deliveriesOf", { url: endpoint.url })}>
            {list.map((d) => (
              <DeliveryRow
                key={d.id}
                delivery={d}
                onChange={(next) => setList((all) => all?.map((x) => (x.id === next.id ? next : x)) ?? null)}
              />
            ))}
          </ul>
        ))}
    </div>
  );
}

function EndpointCard({ endpoint }: { endpoint: Endpoint }) {
  const t = useTranslations("settings.forwarding");
  const f = useFormat();
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  const [rotated, setRotated] = useState<EndpointWithSecret | null>(null);
  const [tested, setTested] = useState<Delivery | null>(null);
  const [recovered, setRecovered] = useState<number | null>(null);
  const act = (action: () => Promise<unknown>) =>
    void run(async () => {
      await action();
      router.refresh();
    });
  return (
    <Card title={endpoint.url} labelId={`endpoint-${endpoint.id}`} className="break-all">
      <div className="flex flex-col gap-3" data-endpoint={endpoint.url}>
        <p className="text-sm">
          {endpoint.description && <span className="mr-2">{endpoint.description}</span>}
          <span className="text-xs text-zinc-600 dark:text-zinc-400">
            {endpoint.event_types ? endpoint.event_types.join(", ") : t("allEvents")}
          </span>
        </p>
        {!endpoint.enabled && (
          <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {endpoint.disabled_reason ? t("disabledBecause", { reason: endpoint.disabled_reason }) : t("disabled")}
          </p>
        )}
        {endpoint.previous_secret_expires_at && (
          <p className="text-xs">{t("overlapUntil", { time: f.dateTime(endpoint.previous_secret_expires_at) })}</p>
        )}
        <Health endpoint={endpoint} />
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() =>
              act(async () =>
                setTested(await apiFetch(`/api/forwarding/endpoints/${endpoint.id}/test`, deliverySchema, { method: "POST" })),
              )
            }
          >
            {t("sendTest")}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() =>
              act(() =>
                apiFetch(`/api/forwarding/endpoints/${endpoint.id}`, endpointSchema, {
                  method: "PATCH",
                  body: { enabled: !endpoint.enabled },
                }),
              )
            }
          >
            {endpoint.enabled ? t("disable") : t("enable")}
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={() => {
              if (window.confirm(t("confirmDelete", { url: endpoint.url })))
                act(() => apiFetch(`/api/forwarding/endpoints/${endpoint.id}`, z.null(), { method: "DELETE" }));
            }}
          >
            {t("delete")}
          </Button>
        </div>
        {tested && (
          <p role="status" className="text-sm">
            {tested.status === "delivered"
              ? t("testDelivered", { status: tested.attempt_log[0]?.status_code ?? 0 })
              : t("testFailed", { error: tested.last_error ?? "" })}
          </p>
        )}
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const overlap = Number(new FormData(event.currentTarget).get("overlap"));
            act(async () =>
              setRotated(
                await apiFetch(`/api/forwarding/endpoints/${endpoint.id}/rotate-secret`, endpointWithSecretSchema, {
                  method: "POST",
                  body: { overlap_hours: overlap },
                }),
              ),
            );
          }}
        >
          <Field id={`overlap-${endpoint.id}`} label={t("overlap")}>
            <Select id={`overlap-${endpoint.id}`} name="overlap" defaultValue="24">
              {overlaps.map((hours) => (
                <option key={hours} value={hours}>
                  {t("hours", { hours })}
                </option>
              ))}
            </Select>
          </Field>
          <Button size="sm" type="submit" variant="secondary" disabled={busy}>
            {t("rotate")}
          </Button>
        </form>
        {rotated && <OneTimeSecret title={t("newSecret")} value={rotated.secret} label={t("copySecret")} />}
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const since = String(new FormData(event.currentTarget).get("since"));
            act(async () =>
              setRecovered(
                (
                  await apiFetch(`/api/forwarding/endpoints/${endpoint.id}/recover`, recoveredSchema, {
                    method: "POST",
                    body: { since: new Date(since).toISOString() },
                  })
                ).recovered,
              ),
            );
          }}
        >
          <Field id={`since-${endpoint.id}`} label={t("recoverSince")}>
            <TextInput id={`since-${endpoint.id}`} name="since" type="datetime-local" required />
          </Field>
          <Button size="sm" type="submit" variant="secondary" disabled={busy}>
            {t("recover")}
          </Button>
        </form>
        {recovered !== null && (
          <p role="status" className="text-sm">
            {t("recovered", { count: recovered })}
          </p>
        )}
        <FormError message={error} />
        <Deliveries endpoint={endpoint} />
      </div>
    </Card>
  );
}

function AddEndpoint() {
  const t = useTranslations("settings.forwarding");
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  const [created, setCreated] = useState<EndpointWithSecret | null>(null);
  return (
    <Card title={t("addTitle")} labelId="add-endpoint">
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const types = form.getAll("event_types").map(String);
          const target = event.currentTarget;
          void run(async () => {
            setCreated(
              await apiFetch("/api/forwarding/endpoints", endpointWithSecretSchema, {
                method: "POST",
                body: {
                  url: String(form.get("url")),
                  description: String(form.get("description") ?? ""),
                  event_types: types.length === 0 || types.length === forwardedEventTypes.length ? null : types,
                },
              }),
            );
            target.reset();
            router.refresh();
          });
        }}
      >
        <Field id="endpoint-url" label={t("url")} hint={t("urlHint")}>
          <TextInput id="endpoint-url" name="url" type="url" required placeholder="https://" />
        </Field>
        <Field id="endpoint-description" label={t("description")}>
          <TextInput id="endpoint-description" name="description" maxLength={200} />
        </Field>
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="mb-1 font-medium">{t("eventTypes")}</legend>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("eventTypesHint")}</p>
          {forwardedEventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2">
              <input type="checkbox" name="event_types" value={type} className="size-6" /> <code className="font-mono text-xs">{type}</code>
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? t("adding") : t("add")}
          </Button>
        </div>
        <FormError message={error} />
        {created && (
          <OneTimeSecret title={t("secretOnce", { url: created.url })} value={created.secret} label={t("copySecret")}>
            {t("secretHint")}
          </OneTimeSecret>
        )}
      </form>
    </Card>
  );
}

/** Forwarding endpoints of the tenant: where its webhooks are handed on, signed per Standard Webhooks. */
export function ForwardingPanel({ endpoints }: { endpoints: Endpoint[] }) {
  const t = useTranslations("settings.forwarding");
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      {endpoints.length === 0 ? (
        <EmptyState title={t("empty")}>{t("emptyHint")}</EmptyState>
      ) : (
        endpoints.map((e) => <EndpointCard key={e.id} endpoint={e} />)
      )}
      <AddEndpoint />
    </div>
  );
}
