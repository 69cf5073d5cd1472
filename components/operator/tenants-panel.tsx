"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyValueButton } from "@/components/ui/copy-value-button";
import { Field, Select, TextInput } from "@/components/ui/field";
import { EmptyState, FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { SandboxBadge } from "@/components/simulator/sandbox-badge";
import { apiFetch } from "@/lib/dashboard/client/api";
import { consoleTenantSchema, tenantCreatedSchema, type ConsoleTenant } from "@/lib/dashboard/contract/console-api";
import * as z from "zod/mini";

const networks = ["mainnet", "testnet", "signet", "regtest"] as const;

/**
 * A tenant's name, service, client_id and network, as the create and change forms ask them. For a
 * change (`tenant` given), the fields start with its values and an empty client_id keeps its own.
 */
function TenantFields({ idPrefix, tenant }: { idPrefix: string; tenant?: ConsoleTenant }) {
  const t = useTranslations("operator.tenants");
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <Field id={id("name")} label={t("name")}>
        <TextInput id={id("name")} name="name" required maxLength={120} defaultValue={tenant?.name} />
      </Field>
      <Field id={id("base-url")} label={t("baseUrl")} hint={t("baseUrlHint")}>
        <TextInput
          id={id("base-url")}
          name="base_url"
          type="url"
          required
          defaultValue={tenant?.base_url}
          placeholder="https://api.example.com"
        />
      </Field>
      <Field id={id("client-id")} label={t("clientId")} hint={tenant ? t("clientIdKeep") : `${t("clientIdHint")} ${t("checkedHint")}`}>
        <TextInput id={id("client-id")} name="client_id" required={!tenant} autoComplete="off" spellCheck={false} />
      </Field>
      <Field id={id("network")} label={t("network")}>
        <Select id={id("network")} name="network" defaultValue={tenant?.network ?? "mainnet"}>
          {networks.map((n) => (
            <option key={n}>{n}</option>
          ))}
        </Select>
      </Field>
    </>
  );
}

/** Name, service, client_id and network of a tenant; the service is asked before a new pair is stored. */
function EditTenant({ tenant, onDone }: { tenant: ConsoleTenant; onDone: () => void }) {
  const t = useTranslations("operator.tenants");
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  return (
    <form
      className="grid gap-3 rounded-md border border-zinc-200 p-3 sm:grid-cols-2 dark:border-zinc-800"
      aria-label={t("editTitle", { name: tenant.name })}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const value = (k: string) => String(form.get(k) ?? "").trim();
        // only what changed is sent: an unchanged service is not asked again
        const body = {
          ...(value("name") !== tenant.name ? { name: value("name") } : {}),
          ...(value("base_url") !== tenant.base_url ? { base_url: value("base_url") } : {}),
          ...(value("client_id") ? { client_id: value("client_id") } : {}),
          ...(value("network") !== tenant.network ? { network: value("network") } : {}),
        };
        if (Object.keys(body).length === 0) return onDone();
        void run(async () => {
          await apiFetch(`/api/operator/tenants/${tenant.id}`, consoleTenantSchema, { method: "PATCH", body });
          onDone();
          router.refresh();
        });
      }}
    >
      <TenantFields idPrefix={`tenant-${tenant.id}`} tenant={tenant} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? t("saving") : t("save")}
        </Button>
      </div>
      <FormError message={error} className="sm:col-span-2" />
    </form>
  );
}

/** Deleting a tenant, its data kept or purged: chosen, then confirmed. */
function DeleteTenant({ tenant }: { tenant: ConsoleTenant }) {
  const t = useTranslations("operator.tenants");
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  const [data, setData] = useState<"keep" | "purge">("keep");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`tenant-${tenant.id}-data`} className="text-xs text-zinc-600 dark:text-zinc-400">
        {t("deleteData")}
      </label>
      <Select
        id={`tenant-${tenant.id}-data`}
        className="w-auto! py-1! text-xs!"
        value={data}
        onChange={(event) => setData(event.currentTarget.value === "purge" ? "purge" : "keep")}
      >
        <option value="keep">{t("deleteKeep")}</option>
        <option value="purge">{t("deletePurge")}</option>
      </Select>
      <Button
        size="sm"
        variant="danger"
        disabled={busy}
        onClick={() => {
          if (!window.confirm(t("confirmDelete", { name: tenant.name }))) return;
          void run(async () => {
            await apiFetch(`/api/operator/tenants/${tenant.id}?data=${data}`, z.null(), { method: "DELETE" });
            router.refresh();
          });
        }}
      >
        {t("delete")}
      </Button>
      <FormError message={error} />
    </div>
  );
}

function TenantRow({ tenant }: { tenant: ConsoleTenant }) {
  const t = useTranslations("operator.tenants");
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  const [editing, setEditing] = useState(false);
  const patch = (body: Record<string, unknown>) =>
    run(async () => {
      await apiFetch(`/api/operator/tenants/${tenant.id}`, consoleTenantSchema, { method: "PATCH", body });
      router.refresh();
    });
  const disabled = tenant.status === "disabled";
  return (
    <li className="flex flex-col gap-2 py-3" data-tenant={tenant.name} data-tenant-status={tenant.status}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{tenant.name}</span>
        {tenant.is_default && <span className="text-xs text-zinc-500 dark:text-zinc-400">{t("default")}</span>}
        {disabled && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {t("disabledBadge")}
          </span>
        )}
        {tenant.sandbox && <SandboxBadge />}
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{tenant.network}</span>
      </div>
      <div className="text-xs wrap-anywhere text-zinc-600 dark:text-zinc-400">{t("service", { url: tenant.base_url })}</div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="wrap-anywhere">{t("webhookUrl", { url: tenant.webhook_url })}</span>
        <CopyValueButton value={tenant.webhook_url} label={t("copyWebhookUrl")} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="secondary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          {t("edit")}
        </Button>
        {!tenant.is_default && (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => {
              if (!disabled && !window.confirm(t("confirmDisable", { name: tenant.name }))) return;
              void patch({ status: disabled ? "active" : "disabled" });
            }}
          >
            {disabled ? t("enable") : t("disable")}
          </Button>
        )}
        {!tenant.is_default && !disabled && (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => void patch({ is_default: true })}>
            {t("makeDefault")}
          </Button>
        )}
        {!tenant.is_default && <DeleteTenant tenant={tenant} />}
      </div>
      <FormError message={error} />
      {editing && <EditTenant tenant={tenant} onDone={() => setEditing(false)} />}
    </li>
  );
}

/** What to register with the service: shown once after creating a tenant. */
function Created({ tenant }: { tenant: z.infer<typeof tenantCreatedSchema> }) {
  const t = useTranslations("operator.tenants");
  return (
    <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm dark:border-green-800 dark:bg-green-950">
      <p className="font-medium">{t("created", { name: tenant.name })}</p>
      <dl className="mt-2 grid gap-1">
        <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t("url")}</dt>
        <dd className="flex items-center gap-2 font-mono wrap-id">
          {tenant.webhook_url} <CopyValueButton value={tenant.webhook_url} label={t("copyUrl")} />
        </dd>
        <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t("secret")}</dt>
        <dd className="flex items-center gap-2 font-mono wrap-id">
          {tenant.webhook_secret} <CopyValueButton value={tenant.webhook_secret} label={t("copySecret")} />
        </dd>
      </dl>
    </div>
  );
}

function CreateTenant() {
  const t = useTranslations("operator.tenants");
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  const [created, setCreated] = useState<z.infer<typeof tenantCreatedSchema> | null>(null);
  return (
    <Card title={t("add")} labelId="add-tenant">
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const body = Object.fromEntries(["name", "base_url", "client_id", "network"].map((k) => [k, String(form.get(k) ?? "")]));
          void run(async () => {
            setCreated(await apiFetch("/api/operator/tenants", tenantCreatedSchema, { method: "POST", body }));
            router.refresh();
          });
        }}
      >
        <TenantFields idPrefix="tenant" />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? t("creating") : t("create")}
          </Button>
        </div>
        <FormError message={error} className="sm:col-span-2" />
        {created && (
          <div className="sm:col-span-2">
            <Created tenant={created} />
          </div>
        )}
      </form>
    </Card>
  );
}

/** Every tenant (as GET /api/operator/tenants answers, read by the page on the server), and a form to add one. */
export function TenantsPanel({ tenants }: { tenants: ConsoleTenant[] }) {
  const t = useTranslations("operator.tenants");
  return (
    <div className="flex flex-col gap-4">
      <Card title={t("title")} labelId="tenants">
        {tenants.length === 0 ? (
          <EmptyState title={t("empty")} />
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {tenants.map((t) => (
              <TenantRow key={t.id} tenant={t} />
            ))}
          </ul>
        )}
      </Card>
      <CreateTenant />
    </div>
  );
}
