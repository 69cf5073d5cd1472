"use client";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { safeCallbackPath } from "@/lib/dashboard/auth/safe-callback";
import { apiFetch } from "@/lib/dashboard/client/api";
import { signInStep } from "@/lib/dashboard/client/sign-in";
import { assertPasskey, isCancelled, passkeySupport } from "@/lib/dashboard/client/passkeys";
import { secondStepSchema, type SecondStep } from "@/lib/dashboard/contract/account-api";
import { announceSessionChange } from "@/lib/dashboard/client/session-changes";

/** Nothing to subscribe to: the snapshot only tells the server render (false) from the browser (true). */
const noSubscription = () => () => undefined;

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
  errors: Record<(typeof knownErrors)[number] | "failed", string>;
};

const knownErrors = [
  "CredentialsSignin",
  "RateLimited",
  "WrongCode",
  "WrongRecoveryCode",
  "SecondStepExpired",
  "PasskeyFailed",
  "PasskeyUnsupported",
] as const;

/** What the second step offers first: the app's code, else a passkey, else a recovery code. */
const firstMethod = (step: SecondStep): SecondStep["methods"][number] =>
  step.methods.includes("code") ? "code" : step.methods.includes("passkey") ? "passkey" : "recovery_code";

function Alert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {message}
    </p>
  );
}

/**
 * Signing in: a password and, for an account with a second factor, a second step (a code, a
 * recovery code or a passkey) in this same browser within 5 minutes; or a passkey alone, by the
 * button or by the browser's autofill offer on the email field.
 */
/**
 * The sign-in form. `pending` is a second step already under way in this browser (a reload, the
 * language switcher), which the page read from its cookie: the form goes on where it was.
 */
export function LoginForm({ labels, email, pending }: { labels: LoginLabels; email?: string; pending?: SecondStep | null }) {
  const router = useRouter();
  const params = useSearchParams();
  const describe = (code: string | null | undefined) =>
    knownErrors.find((known) => known === code) ? labels.errors[code as (typeof knownErrors)[number]] : labels.errors.failed;
  const [error, setError] = useState<string | null>(params.get("error") ? describe(params.get("error")) : null);
  const [busy, setBusy] = useState<"password" | "passkey" | "second" | null>(null);
  const [second, setSecond] = useState<(SecondStep & { use: SecondStep["methods"][number] }) | null>(
    pending ? { ...pending, use: firstMethod(pending) } : null,
  );
  const autofillStarted = useRef(false);
  // the buttons wait for this page's script: a click before it would post the form to nowhere
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  const done = () => {
    // the session this browser held before is over: its tabs stop following it and move on
    announceSessionChange("signed-in");
    router.replace(safeCallbackPath(params.get("callbackUrl"), window.location.origin));
    router.refresh();
  };

  /** A passkey alone: `autofill` waits for the browser's offer on the email field instead of a dialog. */
  const withPasskey = async (autofill: boolean) => {
    try {
      if (!autofill) setBusy("passkey");
      const response = await assertPasskey("/api/sign-in/passkey/options", { autofill });
      setBusy("passkey");
      const failed = await signInStep("passkey", { response });
      if (failed) setError(describe(failed));
      else return done();
    } catch (e) {
      // the browser's autofill offer is not something the person asked for: its failures stay
      // quiet, and leave a password sign-in under way alone
      if (autofill) return;
      if (!isCancelled(e)) setError(describe("PasskeyFailed"));
    }
    setBusy(null);
  };

  useEffect(() => {
    if (autofillStarted.current) return;
    autofillStarted.current = true;
    void passkeySupport().then(({ autofill }) => {
      if (autofill) void withPasskey(true);
    });
    // once per page: the browser keeps the offer open until it is used or another ceremony starts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const finish = async (fields: Record<string, string>) => {
    setBusy("second");
    setError(null);
    const failed = await signInStep("second-factor", fields);
    if (!failed) return done();
    setBusy(null);
    // a wrong recovery code is not a code the app shows: say what is wrong with that one
    setError(describe(failed === "WrongCode" && "recovery_code" in fields ? "WrongRecoveryCode" : failed));
    if (failed === "SecondStepExpired" || failed === "RateLimited") setSecond(null);
  };

  if (second) {
    const usingCode = second.use === "code";
    const typed = second.use !== "passkey";
    const withPasskeyStep = () =>
      void (async () => {
        try {
          setError(null);
          await finish({ passkey: await assertPasskey("/api/sign-in/second-factor/options") });
        } catch (e) {
          setBusy(null);
          if (!isCancelled(e)) setError(describe("PasskeyFailed"));
        }
      })();
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
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setSecond(null);
              setError(null);
            }}
          >
            {labels.second.startOver}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {/* method="post": a click before the page's script runs must not put the password in a URL */}
      <form
        method="post"
        className="flex flex-col gap-4"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setBusy("password");
          setError(null);
          const failed = await signInStep("credentials", { email: String(form.get("email")), password: String(form.get("password")) });
          if (!failed) return done();
          if (failed === "SecondFactorRequired") {
            try {
              const step = await apiFetch("/api/sign-in/second-factor", secondStepSchema);
              setSecond({ ...step, use: firstMethod(step) });
            } catch {
              setError(describe("SecondStepExpired"));
            }
          } else setError(describe(failed));
          setBusy(null);
        }}
      >
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
      <Button
        type="button"
        variant="secondary"
        disabled={!hydrated || busy !== null}
        onClick={() =>
          void passkeySupport().then(({ passkeys }) => (passkeys ? withPasskey(false) : setError(describe("PasskeyUnsupported"))))
        }
      >
        {busy === "passkey" ? labels.passkeyWaiting : labels.passkey}
      </Button>
    </div>
  );
}
