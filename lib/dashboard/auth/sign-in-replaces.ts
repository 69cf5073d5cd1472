import "server-only";
import { getDb } from "@/lib/db/client";
import { sessionCookieName, sessionIdOf } from "./current-user";
import { revokeSession } from "./sessions";

// Signing in on a browser ends the session that browser held before, whoever's it was: a login
// page left open in one tab, filled in by someone else, must not leave the first person signed in
// behind the second (their tabs would go on following the first person's live events). Only a
// sign-in that succeeded, that is whose answer sets a new session cookie, ends the old session.

/** Whether an answer of next-auth sets the session cookie to a new session (not clears it). */
function setsSession(response: Response): boolean {
  const name = sessionCookieName();
  return response.headers
    .getSetCookie()
    .some((cookie) => (cookie.startsWith(`${name}=`) || cookie.startsWith(`${name}.0=`)) && !/^[^=]+=;/.test(cookie));
}

/** Runs a sign-in step (`handle`), and ends the browser's previous session once it signed someone in. */
export async function signInReplacing(req: Request, handle: () => Promise<Response>): Promise<Response> {
  const signingIn = req.method === "POST" && new URL(req.url).pathname.startsWith("/api/auth/callback/");
  const previous = signingIn ? await sessionIdOf(req) : null;
  const response = await handle();
  if (previous && setsSession(response)) await revokeSession(await getDb(), previous, "another sign-in in this browser");
  return response;
}
