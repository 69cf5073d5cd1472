"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import * as z from "zod/mini";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTimeField } from "@/components/ui/date-time-field";
import { Field, TextInput } from "@/components/ui/field";
import { EmptyState, FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import {
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
import { OverlapSelect } from "./overlap-select";
import { Deliveries, Health, type DeliveryLog } from "./forwarding-deliveries";

/** The delivery log the address opens, and whose. */
export type OpenDeliveryLog = DeliveryLog & { endpoint: string };
import { useFailureText } from "./forwarding-failure";

/** Runs one of an endpoint's actions, then reads the page again. */
type Act = (action: () => Promise<unknown>) => void;

/** What an endpoint says about itself: its events, why it is off, until when the old secret holds. */
function EndpointStatus({ endpoint }: { endpoint: Endpoint }) {
  const t = useTranslations("settings.forwarding");
  const failureText = useFailureText();
  const f = useFormat();
  return (
    <>
      <p className="text-sm">
        {endpoint.description && <span className="mr-2">{endpoint.description}</span>}
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          {endpoint.event_types ? endpoint.event_types.join(", ") : t("allEvents")}
        </span>
      </p>
      {!endpoint.enabled && (
        <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {endpoint.disabled_reason ? t("disabledBecause", { reason: failureText(endpoint.disabled_reason) }) : t("disabled")}
        </p>
      )}
      {endpoint.previous_secret_expires_at && (
        <p className="text-xs">{t("overlapUntil", { time: f.dateTime(endpoint.previous_secret_expires_at) })}</p>
      )}
    </>
  );
}

/** A new signing secret, the old one kept for the overlap chosen; the new one is shown once. */
function RotateSecret({ endpointId, busy, act }: { endpointId: string; busy: boolean; act: Act }) {
  const t = useTranslations("settings.forwarding");
  const [rotated, setRotated] = useState<EndpointWithSecret | null>(null);
  return (
    <>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const overlap = Number(new FormData(event.currentTarget).get("overlap"));
          act(async () =>
            setRotated(
              await apiFetch(`/api/forwarding/endpoints/${endpointId}/rotate-secret`, endpointWithSecretSchema, {
                method: "POST",
                body: { overlap_hours: overlap },
              }),
            ),
          );
        }}
      >
        <Field id={`overlap-${endpointId}`} label={t("overlap")}>
          <OverlapSelect id={`overlap-${endpointId}`} hoursLabel={(hours) => t("hours", { hours })} />
        </Field>
        <Button size="sm" type="submit" variant="secondary" disabled={busy}>
          {t("rotate")}
        </Button>
      </form>
      {rotated && <OneTimeSecret title={t("newSecret")} value={rotated.secret} label={t("copySecret")} />}
    </>
  );
}

/** The deliveries since a time sent again. */
function RecoverSince({ endpointId, busy, act }: { endpointId: string; busy: boolean; act: Act }) {
  const t = useTranslations("settings.forwarding");
  const [recovered, setRecovered] = useState<number | null>(null);
  return (
    <>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const since = String(new FormData(event.currentTarget).get("since"));
          act(async () =>
            setRecovered(
              (
                await apiFetch(`/api/forwarding/endpoints/${endpointId}/recover`, recoveredSchema, {
                  method: "POST",
                  body: { since: new Date(since).toISOString() },
                })
              ).recovered,
            ),
          );
        }}
      >
        <Field id={`since-${endpointId}`} label={t("recoverSince")}>
          <DateTimeField id={`since-${endpointId}`} label={t("recoverSince")} name="since" required />
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
    </>
  );
}

/** One forwarding endpoint: its state and health, its actions, and its deliveries. */
function EndpointCard({ endpoint, log }: { endpoint: Endpoint; log: DeliveryLog | null }) {
  const t = useTranslations("settings.forwarding");
  const failureText = useFailureText();
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  const [tested, setTested] = useState<Delivery | null>(null);
  const act = (action: () => Promise<unknown>) =>
    void run(async () => {
      await action();
      router.refresh();
    });
  return (
    <Card title={endpoint.url} labelId={`endpoint-${endpoint.id}`} className="wrap-anywhere">
      <div className="flex flex-col gap-3" data-endpoint={endpoint.url}>
        <EndpointStatus endpoint={endpoint} />
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
              : t("testFailed", { error: failureText(tested.last_error) })}
          </p>
        )}
        <RotateSecret endpointId={endpoint.id} busy={busy} act={act} />
        <RecoverSince endpointId={endpoint.id} busy={busy} act={act} />
        <FormError message={error} />
        <Deliveries endpoint={endpoint} log={log} />
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
export function ForwardingPanel({ endpoints, deliveries }: { endpoints: Endpoint[]; deliveries: OpenDeliveryLog | null }) {
  const t = useTranslations("settings.forwarding");
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      {endpoints.length === 0 ? (
        <EmptyState title={t("empty")}>{t("emptyHint")}</EmptyState>
      ) : (
        endpoints.map((e) => <EndpointCard key={e.id} endpoint={e} log={deliveries?.endpoint === e.id ? deliveries : null} />)
      )}
      <AddEndpoint />
    </div>
  );
}
