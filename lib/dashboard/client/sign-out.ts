import * as z from "zod/mini";
import { announceSessionChange } from "./session-changes";
import { stopEveryStream } from "./shared-event-stream";

const csrfSchema = z.object({ csrfToken: z.string().check(z.minLength(1)) });

/**
 * Signs out as Auth.js's own client does (its CSRF token, then POST /api/auth/signout), without
 * shipping that client, its session provider and its broadcast channel to every dashboard page.
 * The session is a row on the server: deleting it also ends the other tabs' streams; the other
 * tabs are told at once (session-changes.ts) and go to sign-in.
 */
export async function signOut(callbackUrl: string): Promise<void> {
  const csrf = csrfSchema.parse(await (await fetch("/api/auth/csrf", { cache: "no-store" })).json());
  // this tab follows nothing more, and the browser's other tabs learn of it at once
  stopEveryStream();
  await fetch("/api/auth/signout", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl }),
  });
  announceSessionChange("signed-out");
  window.location.assign(callbackUrl);
}
