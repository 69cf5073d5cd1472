import * as z from "zod/mini";

const csrfSchema = z.object({ csrfToken: z.string().check(z.minLength(1)) });
const callbackSchema = z.object({ url: z.string() });

/**
 * One step of signing in, as next-auth's own client sends it (its CSRF token, then
 * POST /api/auth/callback/{provider} with the fields), without shipping that client: the
 * provider's error (`?error=` of the answer's url), or null once the session cookie is set.
 */
export async function signInStep(
  provider: "credentials" | "second-factor" | "passkey",
  fields: Record<string, string>,
): Promise<string | null> {
  try {
    const csrf = csrfSchema.parse(await (await fetch("/api/auth/csrf", { cache: "no-store" })).json());
    const response = await fetch(`/api/auth/callback/${provider}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...fields, csrfToken: csrf.csrfToken, json: "true" }),
    });
    const { url } = callbackSchema.parse(await response.json());
    return new URL(url, window.location.origin).searchParams.get("error");
  } catch {
    return "failed";
  }
}
