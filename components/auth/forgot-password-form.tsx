"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { passwordResetAcceptedSchema } from "@/lib/contract/account-links-api";

type Labels = { email: string; send: string; sending: string; sent: string; tooMany: string; failed: string };

/** "Forgot your password?": asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ labels }: { labels: Labels }) {
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (sentTo) {
    return (
      <p role="status" className="text-sm break-words text-zinc-700 dark:text-zinc-300">
        {labels.sent.replace("{email}", sentTo)}
      </p>
    );
  }
  return (
    <form
      method="post"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
        setBusy(true);
        setError(null);
        void (async () => {
          try {
            const res = await fetch("/api/password-resets", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ email }),
            });
            if (res.status === 429) throw new Error(labels.tooMany);
            if (!passwordResetAcceptedSchema.safeParse(await res.json().catch(() => null)).success) throw new Error(labels.failed);
            setSentTo(email);
          } catch (e) {
            setError(e instanceof Error && e.message ? e.message : labels.failed);
          } finally {
            setBusy(false);
          }
        })();
      }}
    >
      <Field id="email" label={labels.email}>
        <TextInput id="email" name="email" type="email" autoComplete="username" required maxLength={254} autoFocus />
      </Field>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? labels.sending : labels.send}
      </Button>
    </form>
  );
}
