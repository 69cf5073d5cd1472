"use client";
import { useState } from "react";
import { Field, TextInput } from "@/components/ui/field";
import { passwordResetAcceptedSchema } from "@/lib/dashboard/contract/account-links-api";
import { postJson, PublicForm, SubmitRow, usePublicForm } from "./public-form";

type Labels = { email: string; send: string; sending: string; sent: string; tooMany: string; failed: string };

/** "Forgot your password?": asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ labels }: { labels: Labels }) {
  const { busy, error, run } = usePublicForm();
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo) {
    return (
      <p role="status" className="text-sm break-words text-zinc-700 dark:text-zinc-300">
        {labels.sent.replace("{email}", sentTo)}
      </p>
    );
  }
  return (
    <PublicForm
      onSubmit={(data) => {
        const email = String(data.get("email") ?? "").trim();
        void run(async () => {
          const { status, json } = await postJson("/api/password-resets", { email });
          if (status === 429) throw new Error(labels.tooMany);
          if (!passwordResetAcceptedSchema.safeParse(json).success) throw new Error(labels.failed);
          setSentTo(email);
        }, labels.failed);
      }}
    >
      <Field id="email" label={labels.email}>
        <TextInput id="email" name="email" type="email" autoComplete="username" required maxLength={254} autoFocus />
      </Field>
      <SubmitRow error={error} busy={busy} label={labels.send} busyLabel={labels.sending} />
    </PublicForm>
  );
}
