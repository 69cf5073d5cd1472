"use client";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import type { SecondStep } from "@/lib/dashboard/contract/account-api";
import { useLoginFlow, type KnownError, type SecondStepInUse } from "./use-login-flow";

/** The form's words, in the page's language (the server translates them). */
export type LoginLabels = {
  email: string;
  password: string;
  submit: string;
  submitting: string;
  or: string;
  passkey: string;
  passkeyWaiting: string;
  second: {
    heading: string;
    signingInAs: string;
    code: string;
    codeHint: string;
    recovery: string;
    recoveryHint: string;
    verify: string;
    verifying: string;
    usePasskey: string;
    useRecovery: string;
    useCode: string;
    startOver: string;
  };
  errors: Record<KnownError | "failed", string>;
};

/** A failure, said where the form is. */
function Alert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {message}
    </p>
  );
}

/**
 * The sign-in form. `pending` is a second step already under way in this browser (a reload, the
 * language switcher), which the page read from its cookie: the form goes on where it was.
 */
export function LoginForm({ labels, email, pending }: { labels: LoginLabels; email?: string; pending?: SecondStep | null }) {
  const flow = useLoginFlow(labels.errors, pending);
  const { error, busy, hydrated } = flow;
  if (flow.second) return <SecondStepForm labels={labels} flow={flow} second={flow.second} />;

  return (
    <div className="flex flex-col gap-4">
      {/* method="post": a click before the page's script runs must not put the password in a URL */}
      <form method="post" className="flex flex-col gap-4" onSubmit={flow.signInWithPassword}>
        <Field id="email" label={labels.email}>
          <TextInput id="email" name="email" type="email" autoComplete="username webauthn" required autoFocus defaultValue={email} />
        </Field>
        <Field id="password" label={labels.password}>
          <TextInput id="password" name="password" type="password" autoComplete="current-password" required />
        </Field>
        <Alert message={error} />
        <Button type="submit" disabled={!hydrated || busy !== null}>
          {busy === "password" ? labels.submitting : labels.submit}
        </Button>
      </form>
      <div className="flex items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400" aria-hidden>
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        {labels.or}
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
      <Button type="button" variant="secondary" disabled={!hydrated || busy !== null} onClick={flow.withPasskeyAlone}>
        {busy === "passkey" ? labels.passkeyWaiting : labels.passkey}
      </Button>
    </div>
  );
}

/** The second step: a code, a recovery code or a passkey, and the ways to switch between them. */
function SecondStepForm({ labels, flow, second }: { labels: LoginLabels; flow: ReturnType<typeof useLoginFlow>; second: SecondStepInUse }) {
  const { error, busy, hydrated, setSecond, finish, withPasskeyStep } = flow;
  const usingCode = second.use === "code";
  const typed = second.use !== "passkey";
  return (
    <form
      method="post"
      className="flex flex-col gap-4"
      aria-labelledby="second-step-heading"
      onSubmit={(event) => {
        event.preventDefault();
        const value = String(new FormData(event.currentTarget).get("code") ?? "");
        void finish(usingCode ? { code: value } : { recovery_code: value });
      }}
    >
      <div>
        <h2 id="second-step-heading" className="text-base font-semibold">
          {labels.second.heading}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {labels.second.signingInAs} <span className="font-medium wrap-anywhere text-zinc-900 dark:text-zinc-100">{second.email}</span>
        </p>
      </div>
      {typed && (
        <Field
          id="second-code"
          label={usingCode ? labels.second.code : labels.second.recovery}
          hint={usingCode ? labels.second.codeHint : labels.second.recoveryHint}
        >
          <TextInput
            key={second.use}
            id="second-code"
            name="code"
            required
            autoFocus
            autoComplete={usingCode ? "one-time-code" : "off"}
            inputMode={usingCode ? "numeric" : "text"}
            pattern={usingCode ? "[0-9 ]{6,7}" : undefined}
            maxLength={usingCode ? 7 : 20}
            spellCheck={false}
          />
        </Field>
      )}
      <Alert message={error} />
      {typed ? (
        <Button type="submit" disabled={!hydrated || busy !== null}>
          {busy === "second" ? labels.second.verifying : labels.second.verify}
        </Button>
      ) : (
        <Button type="button" autoFocus disabled={!hydrated || busy !== null} onClick={withPasskeyStep}>
          {busy === "second" ? labels.second.verifying : labels.passkey}
        </Button>
      )}
      <div className="flex flex-col items-start gap-1 text-sm">
        {second.methods.includes("passkey") && typed && (
          <Button type="button" variant="ghost" disabled={!hydrated || busy !== null} onClick={withPasskeyStep}>
            {labels.second.usePasskey}
          </Button>
        )}
        {second.methods.includes("code") && !usingCode && (
          <Button type="button" variant="ghost" onClick={() => setSecond({ ...second, use: "code" })}>
            {labels.second.useCode}
          </Button>
        )}
        {second.methods.includes("recovery_code") && second.use !== "recovery_code" && (
          <Button type="button" variant="ghost" onClick={() => setSecond({ ...second, use: "recovery_code" })}>
            {labels.second.useRecovery}
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={flow.startOver}>
          {labels.second.startOver}
        </Button>
      </div>
    </form>
  );
}
