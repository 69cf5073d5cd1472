"use client";
import { useRouter } from "next/navigation";
import { Field, TextInput } from "@/components/ui/field";
import { passwordSetSchema } from "@/lib/dashboard/contract/account-links-api";
import { postJson, PublicForm, SubmitRow, usePublicForm } from "./public-form";

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
  const { busy, error, setError, run } = usePublicForm();
  return (
    <PublicForm
      onSubmit={(data) => {
        const password = String(data.get("password") ?? "");
        if (password.length < 12) return setError(labels.tooShort);
        if (password !== String(data.get("confirm") ?? "")) return setError(labels.mismatch);
        void run(async () => {
          const { status, json } = await postJson(`/api/account-links/${encodeURIComponent(token)}`, { password });
          if (status === 404) throw new Error(labels.gone);
          const done = passwordSetSchema.safeParse(json);
          if (status !== 200 || !done.success) throw new Error(labels.failed);
          router.push(`/login?notice=password_set&email=${encodeURIComponent(done.data.email)}`);
        }, labels.failed);
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
      <SubmitRow error={error} busy={busy} label={labels.save} busyLabel={labels.saving} />
    </PublicForm>
  );
}
