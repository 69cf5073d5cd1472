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
import { tenantCreatedSchema, type ConsoleTenant } from "@/lib/dashboard/contract/console-api";
import type * as z from "zod/mini";

function TenantRow({ tenant }: { tenant: ConsoleTenant }) {
  const t = useTranslations("operator.tenants");
  return (
    <li className="flex flex-col gap-1 py-3" data-tenant={tenant.name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{tenant.name}</span>
        {tenant.is_default && <span className="text-xs text-zinc-500 dark:text-zinc-400">{t("default")}</span>}
        {tenant.sandbox && <SandboxBadge />}
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{tenant.network}</span>
      </div>
      <div className="text-xs break-all text-zinc-600 dark:text-zinc-400">{t("service", { url: tenant.base_url })}</div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="break-all">{t("webhookUrl", { url: tenant.webhook_url })}</span>
        <CopyValueButton value={tenant.webhook_url} label={t("copyWebhookUrl")} />
      </div>
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
        <dd className="flex items-center gap-2 font-mono break-all">
          {tenant.webhook_url} <CopyValueButton value={tenant.webhook_url} label={t("copyUrl")} />
        </dd>
        <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t("secret")}</dt>
        <dd className="flex items-center gap-2 font-mono break-all">
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
        <Field id="tenant-name" label={t("name")}>
          <TextInput id="tenant-name" name="name" required maxLength={120} />
        </Field>
        <Field id="tenant-base-url" label={t("baseUrl")} hint={t("baseUrlHint")}>
          <TextInput id="tenant-base-url" name="base_url" type="url" required placeholder="https://api.example.com" />
        </Field>
        <Field id="tenant-client-id" label={t("clientId")} hint={t("clientIdHint")}>
          <TextInput id="tenant-client-id" name="client_id" required autoComplete="off" />
        </Field>
        <Field id="tenant-network" label={t("network")}>
          <Select id="tenant-network" name="network" defaultValue="mainnet">
            {["mainnet", "testnet", "signet", "regtest"].map((n) => (
              <option key={n}>{n}</option>
            ))}
          </Select>
        </Field>
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
