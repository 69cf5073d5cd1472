"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { passwordSetSchema } from "@/lib/contract/account-links-api";

type Labels = {
  password: string;
  passwordHint: string;
  confirm: string;
  mismatch: string;
  tooShort: string;
  save: string;
  saving: string;
  failed: string;
  gone: string;
};

/** Sets the password of an invitation or reset link, then goes to sign-in with the address filled in. */
export function SetPasswordForm({ token, labels }: { token: string; labels: Labels }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      method="post"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const password = String(data.get("password") ?? "");
        if (password.length < 12) return setError(labels.tooShort);
        if (password !== String(data.get("confirm") ?? "")) return setError(labels.mismatch);
        setBusy(true);
        setError(null);
        void (async () => {
          try {
            const res = await fetch(`/api/account-links/${encodeURIComponent(token)}`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ password }),
            });
            if (res.status === 404) throw new Error(labels.gone);
            const done = passwordSetSchema.safeParse(await res.json().catch(() => null));
            if (!res.ok || !done.success) throw new Error(labels.failed);
            router.push(`/login?notice=password_set&email=${encodeURIComponent(done.data.email)}`);
          } catch (e) {
            setError(e instanceof Error && e.message ? e.message : labels.failed);
            setBusy(false);
          }
        })();
      }}
    >
      <Field id="new-password" label={labels.password} hint={labels.passwordHint}>
        <TextInput
          id="new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={12}
          maxLength={1024}
          required
          autoFocus
        />
      </Field>
      <Field id="confirm-password" label={labels.confirm}>
        <TextInput
          id="confirm-password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          minLength={12}
          maxLength={1024}
          required
        />
      </Field>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? labels.saving : labels.save}
      </Button>
    </form>
  );
}
