"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/field";
import { DefinitionList, FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { credentialsSchema, type Credentials } from "@/lib/dashboard/contract/settings-api";

/** The service's base URL and the client_id (masked), and its replacement once the service accepts the new one. */
export function CredentialsPanel({ credentials }: { credentials: Credentials }) {
  const t = useTranslations("settings.credentials");
  const router = useRouter();
  const { busy, error, run } = useSubmit({ invalid_request: t("refused") });
  const [done, setDone] = useState(false);
  return (
    <Card title={t("title")} labelId="api-credentials">
      <DefinitionList
        items={[
          [
            t("service"),
            <span key="url" className="font-mono inline-block max-w-full wrap-id">
              {credentials.base_url}
            </span>,
          ],
          [
            "client_id",
            <code key="id" className="font-mono inline-block max-w-full wrap-id" data-testid="client-id">
              {credentials.client_id}
            </code>,
          ],
        ]}
      />
      <form
        className="mt-4 grid gap-3 border-t border-zinc-200 pt-4 sm:grid-cols-[1fr_auto] sm:items-end dark:border-zinc-800"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const clientId = String(new FormData(form).get("client_id") ?? "");
          setDone(false);
          void run(async () => {
            await apiFetch("/api/settings/credentials", credentialsSchema, { method: "PUT", body: { client_id: clientId } });
            form.reset();
            setDone(true);
            router.refresh();
          });
        }}
      >
        <Field id="new-client-id" label={t("newClientId")} hint={t("hint")}>
          <TextInput id="new-client-id" name="client_id" required maxLength={256} autoComplete="off" spellCheck={false} />
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? t("checking") : t("replace")}
        </Button>
        <FormError message={error} className="sm:col-span-2" />
        {done && (
          <p role="status" className="text-sm text-green-700 sm:col-span-2 dark:text-green-400">
            {t("replaced")}
          </p>
        )}
      </form>
    </Card>
  );
}
