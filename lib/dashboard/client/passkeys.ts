import { passkeyCreationOptionsSchema, passkeyRequestOptionsSchema } from "@/lib/dashboard/contract/account-api";
import { apiFetch } from "./api";

// The browser's side of passkeys: options from our API (parsed with the contract), then the
// browser's WebAuthn ceremony through SimpleWebAuthn's browser package, loaded on demand (the
// sign-in page asks at once, for its autofill offer; a dashboard page only when a passkey is used).

const webauthn = () => import("@simplewebauthn/browser");

/** Whether this browser can use passkeys at all, and offer them as autofill. */
export async function passkeySupport(): Promise<{ passkeys: boolean; autofill: boolean }> {
  const lib = await webauthn();
  if (!lib.browserSupportsWebAuthn()) return { passkeys: false, autofill: false };
  return { passkeys: true, autofill: await lib.browserSupportsWebAuthnAutofill().catch(() => false) };
}

/** The person dismissed the browser's dialog, or it timed out: not an error worth a sentence. */
export const isCancelled = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError" || /cancel|abort/i.test(error.message));

/** navigator.credentials.get() on options from `path`; the answer as JSON, for next-auth or our API. */
export async function assertPasskey(path: string, options: { autofill?: boolean } = {}): Promise<string> {
  const optionsJSON = await apiFetch(path, passkeyRequestOptionsSchema, { method: "POST" });
  const lib = await webauthn();
  const response = await lib.startAuthentication({ optionsJSON, useBrowserAutofill: options.autofill ?? false });
  return JSON.stringify(response);
}

/** The same, parsed, for a body of our own API (step-up). */
export async function assertPasskeyResponse(path: string): Promise<unknown> {
  return JSON.parse(await assertPasskey(path)) as unknown;
}

/** navigator.credentials.create() on the account's registration options. */
export async function createPasskey(): Promise<unknown> {
  const optionsJSON = await apiFetch("/api/account/passkeys/options", passkeyCreationOptionsSchema, { method: "POST" });
  const lib = await webauthn();
  return lib.startRegistration({ optionsJSON });
}
