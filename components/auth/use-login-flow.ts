"use client";
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { safeCallbackPath } from "@/lib/dashboard/auth/safe-callback";
import { apiFetch } from "@/lib/dashboard/client/api";
import { signInStep } from "@/lib/dashboard/client/sign-in";
import { assertPasskey, isCancelled, passkeySupport } from "@/lib/dashboard/client/passkeys";
import { secondStepSchema, type SecondStep } from "@/lib/dashboard/contract/account-api";
import { announceSessionChange } from "@/lib/dashboard/client/session-changes";

/** Nothing to subscribe to: the snapshot only tells the server render (false) from the browser (true). */
const noSubscription = () => () => undefined;

/** The failures the form names in its own words. */
export const knownErrors = [
  "CredentialsSignin",
  "RateLimited",
  "WrongCode",
  "WrongRecoveryCode",
  "SecondStepExpired",
  "PasskeyFailed",
  "PasskeyUnsupported",
] as const;

/** An error the form names in its own words; any other is "failed". */
export type KnownError = (typeof knownErrors)[number];

/** A second step under way, with the method the form shows now. */
export type SecondStepInUse = SecondStep & { use: SecondStep["methods"][number] };

/** What the second step offers first: the app's code, else a passkey, else a recovery code. */
const firstMethod = (step: SecondStep): SecondStep["methods"][number] =>
  step.methods.includes("code") ? "code" : step.methods.includes("passkey") ? "passkey" : "recovery_code";

/** True in the browser once this page's script runs, false in the server render. */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** What the second step's actions change. */
type StepControls = {
  describe: (code: string | null | undefined) => string;
  setBusy: (busy: "second" | null) => void;
  setError: (error: string | null) => void;
  setSecond: (second: null) => void;
  done: () => void;
};

/** The second step's two ways to finish: a typed code (or recovery code) and a passkey. */
function secondStepActions({ describe, setBusy, setError, setSecond, done }: StepControls) {
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
  return { finish, withPasskeyStep };
}

/**
 * Signing in: a password and, for an account with a second factor, a second step (a code, a
 * recovery code or a passkey) in this same browser within 5 minutes; or a passkey alone, by the
 * button or by the browser's autofill offer on the email field.
 */
export function useLoginFlow(errors: Record<KnownError | "failed", string>, pending: SecondStep | null | undefined) {
  const router = useRouter();
  const params = useSearchParams();
  const describe = (code: string | null | undefined) =>
    knownErrors.find((known) => known === code) ? errors[code as KnownError] : errors.failed;
  const [error, setError] = useState<string | null>(params.get("error") ? describe(params.get("error")) : null);
  const [busy, setBusy] = useState<"password" | "passkey" | "second" | null>(null);
  const [second, setSecond] = useState<SecondStepInUse | null>(pending ? { ...pending, use: firstMethod(pending) } : null);
  const autofillStarted = useRef(false);
  // the buttons wait for this page's script: a click before it would post the form to nowhere
  const hydrated = useHydrated();

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

  const { finish, withPasskeyStep } = secondStepActions({ describe, setBusy, setError, setSecond, done });

  const signInWithPassword = async (event: FormEvent<HTMLFormElement>) => {
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
  };

  const withPasskeyAlone = () =>
    void passkeySupport().then(({ passkeys }) => (passkeys ? withPasskey(false) : setError(describe("PasskeyUnsupported"))));

  const startOver = () => {
    setSecond(null);
    setError(null);
  };

  return { error, busy, second, setSecond, hydrated, finish, withPasskeyStep, signInWithPassword, withPasskeyAlone, startOver };
}
