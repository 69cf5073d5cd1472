// next-auth v4 sign-in over HTTP, as the sign-in form does it (no test-runner imports: the bench uses it too).

export function setCookies(response: Response): string[] {
  return response.headers.getSetCookie();
}

export function mergeCookies(...parts: string[]): string {
  return parts.filter(Boolean).join("; ");
}

export async function csrfToken(baseUrl: string, cookie = "") {
  const response = await fetch(`${baseUrl}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken: token } = (await response.json()) as { csrfToken: string };
  const jar = setCookies(response)
    .map((c) => c.split(";")[0])
    .join("; ");
  return { token, cookie: jar };
}

/**
 * POST /api/auth/callback/credentials as the sign-in form does; the session cookie or the error.
 * `held`: the cookie of a session the browser holds already (a login page left open by someone else).
 */
export async function signIn(baseUrl: string, email: string, password: string, address?: string, held = "") {
  const csrf = await csrfToken(baseUrl);
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: mergeCookies(csrf.cookie, held),
      ...(address ? { "x-forwarded-for": address } : {}),
    },
    body: new URLSearchParams({ csrfToken: csrf.token, email, password, json: "true" }),
    redirect: "manual",
  });
  const session = setCookies(response).find((c) => c.startsWith("next-auth.session-token="));
  const body = (await response.json().catch(() => ({}))) as { url?: string };
  const error = body.url ? new URL(body.url).searchParams.get("error") : null;
  return { status: response.status, cookie: session?.split(";")[0] ?? null, setCookie: session ?? null, error };
}
