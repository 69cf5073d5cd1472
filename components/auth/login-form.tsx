"use client";
import { useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { signIn } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { safeCallbackPath } from "@/lib/auth/safe-callback";

const errors: Record<string, string> = {
  CredentialsSignin: "Wrong email or password.",
  RateLimited: "Too many failed attempts. Wait 15 minutes, or ask an admin to reset your password.",
};

export function LoginForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(params.get("error") ? (errors[params.get("error") ?? ""] ?? "Sign-in failed.") : null);
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
          setError(errors[result?.error ?? ""] ?? "Sign-in failed. Try again.");
          return;
        }
        router.replace(safeCallbackPath(params.get("callbackUrl"), window.location.origin));
        router.refresh();
      }}
    >
      <Field id="email" label="Email">
        <TextInput id="email" name="email" type="email" autoComplete="username" required autoFocus />
      </Field>
      <Field id="password" label="Password">
        <TextInput id="password" name="password" type="password" autoComplete="current-password" required />
      </Field>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
