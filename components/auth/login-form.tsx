"use client";
import { useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { signIn } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { safeCallbackPath } from "@/lib/auth/safe-callback";

/** The form's words, in the page's language (the server translates them). */
export type LoginLabels = {
  email: string;
  password: string;
  submit: string;
  submitting: string;
  errors: { CredentialsSignin: string; RateLimited: string; failed: string };
};

export function LoginForm({ labels }: { labels: LoginLabels }) {
  const router = useRouter();
  const params = useSearchParams();
  const describe = (code: string | null | undefined) =>
    code === "CredentialsSignin" || code === "RateLimited" ? labels.errors[code] : labels.errors.failed;
  const [error, setError] = useState<string | null>(params.get("error") ? describe(params.get("error")) : null);
  const [busy, setBusy] = useState(false);

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        setBusy(true);
        setError(null);
        const result = await signIn("credentials", {
          email: String(form.get("email")),
          password: String(form.get("password")),
          redirect: false,
        });
        setBusy(false);
        if (!result || result.error) {
          setError(describe(result?.error));
          return;
        }
        router.replace(safeCallbackPath(params.get("callbackUrl"), window.location.origin));
        router.refresh();
      }}
    >
      <Field id="email" label={labels.email}>
        <TextInput id="email" name="email" type="email" autoComplete="username" required autoFocus />
      </Field>
      <Field id="password" label={labels.password}>
        <TextInput id="password" name="password" type="password" autoComplete="current-password" required />
      </Field>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? labels.submitting : labels.submit}
      </Button>
    </form>
  );
}
