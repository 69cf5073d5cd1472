"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import * as z from "zod/mini";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/field";
import { EmptyState, FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { createPasskey, isCancelled, passkeySupport } from "@/lib/dashboard/client/passkeys";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { passkeyAddedSchema, passkeySchema, type Passkey } from "@/lib/dashboard/contract/account-api";
import { RecoveryCodesShown } from "./recovery-codes";

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const t = useTranslations("account.passkeys");
  const tc = useTranslations("common");
  const f = useFormat();
  const router = useRouter();
  const [renaming, setRenaming] = useState(false);
  const { busy, error, run } = useSubmit();
  return (
    <li className="flex flex-col gap-2 py-3 text-sm" data-passkey={passkey.name}>
      {renaming ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const name = String(new FormData(event.currentTarget).get("name") ?? "");
            void run(async () => {
              await apiFetch(`/api/account/passkeys/${encodeURIComponent(passkey.id)}`, passkeySchema, { method: "PATCH", body: { name } });
              setRenaming(false);
              router.refresh();
            });
          }}
        >
          <div className="min-w-48 flex-1">
            <TextInput
              name="name"
              aria-label={t("renameLabel", { name: passkey.name })}
              defaultValue={passkey.name}
              maxLength={60}
              required
              autoFocus
            />
          </div>
          <Button size="sm" type="submit" disabled={busy}>
            {tc("save")}
          </Button>
          <Button size="sm" variant="ghost" type="button" onClick={() => setRenaming(false)}>
            {tc("cancel")}
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="font-medium wrap-anywhere">
              {passkey.name}
              {passkey.synced && (
                <span
                  className={"ml-2 rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-normal text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"}
                >
                  {t("synced")}
                </span>
              )}
            </p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {t("created", { date: f.dateTime(passkey.created_at) })} ·{" "}
              {passkey.last_used_at ? t("lastUsed", { date: f.dateTime(passkey.last_used_at) }) : t("neverUsed")}
            </p>
          </div>
          <div className="flex gap-1">
            <Button size="sm" variant="secondary" onClick={() => setRenaming(true)}>
              {t("rename")}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-label={t("removeLabel", { name: passkey.name })}
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await apiFetch(`/api/account/passkeys/${encodeURIComponent(passkey.id)}`, z.null(), { method: "DELETE" });
                  router.refresh();
                })
              }
            >
              {t("remove")}
            </Button>
          </div>
        </div>
      )}
      <FormError message={error} />
    </li>
  );
}

/** The person's passkeys: each with its name and when it was added and last used; add, rename, remove. */
export function PasskeysCard({ passkeys }: { passkeys: Passkey[] }) {
  const t = useTranslations("account.passkeys");
  const router = useRouter();
  const [notice, setNotice] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { busy, error, run } = useSubmit();
  return (
    <Card title={t("title")} labelId="passkeys">
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      {passkeys.length === 0 ? (
        <EmptyState title={t("empty")} />
      ) : (
        <ul aria-label={t("list")} className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {passkeys.map((p) => (
            <PasskeyRow key={p.id} passkey={p} />
          ))}
        </ul>
      )}
      <form
        className="mt-4 grid gap-3 border-t border-zinc-200 pt-4 sm:grid-cols-[1fr_auto] sm:items-end dark:border-zinc-800"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const name = String(new FormData(form).get("name") ?? "").trim() || t("defaultName");
          setNotice(null);
          void run(async () => {
            if (!(await passkeySupport()).passkeys) return setNotice(t("unsupported"));
            let response: unknown;
            try {
              response = await createPasskey();
            } catch (e) {
              if (isCancelled(e)) return setNotice(t("cancelled"));
              throw e;
            }
            const added = await apiFetch("/api/account/passkeys", passkeyAddedSchema, { method: "POST", body: { name, response } });
            setNotice(t("added", { name: added.passkey.name }));
            if (added.recovery_codes) setCodes(added.recovery_codes);
            form.reset();
            router.refresh();
          });
        }}
      >
        <Field id="passkey-name" label={t("name")} hint={t("nameHint")}>
          <TextInput id="passkey-name" name="name" maxLength={60} autoComplete="off" placeholder={t("defaultName")} />
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? t("adding") : t("add")}
        </Button>
        <FormError message={error} className="sm:col-span-2" />
        {notice && (
          <p role="status" className="text-sm text-zinc-700 sm:col-span-2 dark:text-zinc-300">
            {notice}
          </p>
        )}
      </form>
      {codes && (
        <div className="mt-3">
          <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />
        </div>
      )}
    </Card>
  );
}
