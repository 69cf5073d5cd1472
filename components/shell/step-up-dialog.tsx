"use client";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { provideStepUp } from "@/lib/dashboard/client/step-up";
import { reauthenticatedSchema, reauthMethodsSchema, type ReauthMethods } from "@/lib/dashboard/contract/step-up-api";

type Method = ReauthMethods["methods"][number];

/** Sends a proof to the API; `prove` gives null when there is none to send. */
type Confirm = (prove: () => Promise<Record<string, unknown> | null>) => Promise<unknown>;

/** A passkey's proof for the API, or null when the person dismissed their passkey's dialog. */
async function passkeyProof() {
  // the passkey ceremony's code is loaded only when someone confirms with a passkey
  const { assertPasskeyResponse, isCancelled } = await import("@/lib/dashboard/client/passkeys");
  try {
    return { method: "passkey", response: await assertPasskeyResponse("/api/account/reauthenticate/options") };
  } catch (e) {
    if (isCancelled(e)) return null;
    throw e;
  }
}

/** A typed proof: the password, a code from the app, or a recovery code. */
function SecretForm({ use, busy, confirm }: { use: Exclude<Method, "passkey">; busy: boolean; confirm: Confirm }) {
  const t = useTranslations("stepUp");
  const label: Record<Exclude<Method, "passkey">, string> = { password: t("password"), code: t("code"), recovery_code: t("recovery") };
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const value = String(new FormData(event.currentTarget).get("secret") ?? "");
        const field = use === "password" ? "password" : use === "code" ? "code" : "recovery_code";
        void confirm(async () => ({ method: use, [field]: value }));
      }}
    >
      <Field id="step-up-secret" label={label[use]}>
        <TextInput
          key={use}
          id="step-up-secret"
          name="secret"
          required
          autoFocus
          type={use === "password" ? "password" : "text"}
          autoComplete={use === "password" ? "current-password" : use === "code" ? "one-time-code" : "off"}
          inputMode={use === "code" ? "numeric" : undefined}
          spellCheck={false}
        />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? t("confirming") : t("confirm")}
      </Button>
    </form>
  );
}

/**
 * "Confirm it's you": opened when an action needs a factor confirmed a moment ago, it asks for a
 * passkey, a code, a recovery code, or the password of someone without a factor, and resolves
 * the waiting action once the API confirms. A native modal dialog: focus stays in it, Escape
 * cancels, and focus returns to what opened it.
 */
export function StepUpDialog() {
  const t = useTranslations("stepUp");
  const dialog = useRef<HTMLDialogElement>(null);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const [methods, setMethods] = useState<Method[]>([]);
  const [use, setUse] = useState<Method | null>(null);
  const { busy, error, run } = useSubmit();

  useEffect(
    () =>
      provideStepUp(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setUse(null);
            dialog.current?.showModal();
            void apiFetch("/api/account/reauthenticate", reauthMethodsSchema).then(
              (answer) => {
                setMethods(answer.methods);
                setUse(answer.methods[0] ?? "password");
              },
              () => setUse("password"),
            );
          }),
      ),
    [],
  );

  const close = (confirmed: boolean) => {
    dialog.current?.close();
    settle.current?.(confirmed);
    settle.current = null;
  };

  /** Sends the proof `prove` gives (null: the person dismissed their passkey's dialog). */
  const confirm = (prove: () => Promise<Record<string, unknown> | null>) =>
    run(async () => {
      const body = await prove();
      if (!body) return;
      await apiFetch("/api/account/reauthenticate", reauthenticatedSchema, { method: "POST", body });
      close(true);
    });

  const others = methods.filter((m) => m !== use);
  const switchTo: Record<Method, string> = {
    password: t("usePassword"),
    code: t("useCode"),
    recovery_code: t("useRecovery"),
    passkey: t("usePasskey"),
  };

  return (
    <ModalDialog ref={dialog} aria-labelledby="step-up-title" onCancel={() => close(false)}>
      <h2 id="step-up-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      {use === "passkey" ? (
        <Button className="w-full" disabled={busy} onClick={() => void confirm(passkeyProof)}>
          {busy ? t("waiting") : t("usePasskey")}
        </Button>
      ) : use ? (
        <SecretForm use={use} busy={busy} confirm={confirm} />
      ) : null}
      <FormError message={error} className="mt-3" />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-1">
          {others.map((m) => (
            <Button key={m} size="sm" variant="ghost" onClick={() => setUse(m)}>
              {switchTo[m]}
            </Button>
          ))}
        </div>
        <Button size="sm" variant="secondary" onClick={() => close(false)}>
          {t("cancel")}
        </Button>
      </div>
    </ModalDialog>
  );
}
