import * as z from "zod/mini";

const csrfSchema = z.object({ csrfToken: z.string().check(z.minLength(1)) });

/**
 * Signs out as Auth.js's own client does (its CSRF token, then POST /api/auth/signout), without
 * shipping that client, its session provider and its broadcast channel to every dashboard page.
 * The session is a row on the server: deleting it also ends the other tabs' streams, which then
 * send them to sign-in.
 */
export async function signOut(callbackUrl: string): Promise<void> {
  const csrf = csrfSchema.parse(await (await fetch("/api/auth/csrf", { cache: "no-store" })).json());
  await fetch("/api/auth/signout", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl }),
  });
  window.location.assign(callbackUrl);
}
