"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import * as z from "zod/mini";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/field";
import { EmptyState, FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { apiKeyCreatedSchema, apiKeyScopes, type ApiKey, type ApiKeyCreated } from "@/lib/dashboard/contract/api-keys-api";
import { OneTimeSecret } from "./one-time-secret";

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const t = useTranslations("settings.apiKeys");
  const f = useFormat();
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  // a scope its creator's role no longer allows
  const dropped = (scope: ApiKey["scopes"][number]) => !apiKey.effective_scopes.includes(scope);
  return (
    <li className="flex flex-col gap-1 border-t border-zinc-200 py-3 first:border-t-0 dark:border-zinc-800" data-api-key={apiKey.prefix}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{apiKey.name}</span>
        <code className="font-mono text-xs">{apiKey.prefix}…</code>
        {apiKey.scopes.map((scope) => (
          <span
            key={scope}
            className={`rounded bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800 ${dropped(scope) ? "line-through" : ""}`}
          >
            {t(`scope.${scope}`)}
          </span>
        ))}
        {apiKey.status !== "active" && (
          <span
            className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200"
            data-api-key-status={apiKey.status}
          >
            {t(`status.${apiKey.status}`)}
          </span>
        )}
        <Button
          size="sm"
          variant="danger"
          disabled={busy}
          aria-label={t("revokeLabel", { name: apiKey.name })}
          onClick={() => {
            if (!window.confirm(t("confirmRevoke", { name: apiKey.name }))) return;
            void run(async () => {
              await apiFetch(`/api/settings/api-keys/${apiKey.id}`, z.null(), { method: "DELETE" });
              router.refresh();
            });
          }}
        >
          {t("revoke")}
        </Button>
      </div>
      {apiKey.status_reason && (
        <p className="text-xs text-amber-900 dark:text-amber-200">{t(`reason.${apiKey.status_reason}`, { who: apiKey.created_by })}</p>
      )}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {t("made", { who: apiKey.created_by, time: f.dateTime(apiKey.created_at) })} ·{" "}
        {apiKey.last_used_at ? t("lastUsed", { time: f.dateTime(apiKey.last_used_at) }) : t("neverUsed")}
      </p>
      <FormError message={error} />
    </li>
  );
}

/** The tenant's API keys: made with scopes, shown once, revoked at once. */
export function ApiKeysPanel({ keys }: { keys: ApiKey[] }) {
  const t = useTranslations("settings.apiKeys");
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      {created && (
        <OneTimeSecret title={t("keyOnce", { name: created.name })} value={created.key} label={t("copyKey")}>
          {t("keyHint")}
        </OneTimeSecret>
      )}
      <Card title={t("listTitle")} labelId="api-keys">
        {keys.length === 0 ? (
          <EmptyState title={t("empty")} />
        ) : (
          <ul>
            {keys.map((k) => (
              <KeyRow key={k.id} apiKey={k} />
            ))}
          </ul>
        )}
      </Card>
      <Card title={t("createTitle")} labelId="create-api-key">
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const target = event.currentTarget;
            void run(async () => {
              setCreated(
                await apiFetch("/api/settings/api-keys", apiKeyCreatedSchema, {
                  method: "POST",
                  body: { name: String(form.get("name")), scopes: form.getAll("scopes").map(String) },
                }),
              );
              target.reset();
              router.refresh();
            });
          }}
        >
          <Field id="api-key-name" label={t("name")}>
            <TextInput id="api-key-name" name="name" required maxLength={100} readOnly={busy} />
          </Field>
          {/* held while a key is made: the form is reset when it is, and a box ticked meanwhile would be lost */}
          <fieldset className="flex flex-col gap-1 text-sm" disabled={busy}>
            <legend className="mb-1 font-medium">{t("scopes")}</legend>
            {apiKeyScopes.map((scope) => (
              <label key={scope} className="flex items-start gap-2">
                <input type="checkbox" name="scopes" value={scope} className="mt-1" />
                <span>
                  <span className="font-medium">{t(`scope.${scope}`)}</span>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t(`scopeHint.${scope}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? t("creating") : t("create")}
            </Button>
          </div>
          <FormError message={error} />
        </form>
      </Card>
    </div>
  );
}
