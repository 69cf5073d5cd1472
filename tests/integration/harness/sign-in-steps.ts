import { spawnSync } from "node:child_process";

// Signing in step by step as one browser does: a cookie jar carried from request to request
// (next-auth's CSRF cookie, the half-signed-in state's httpOnly cookie, the passkey challenge's),
// and each step POSTed to next-auth's callback of its provider.

export class Browser {
  private readonly cookies = new Map<string, string>();
  /** The Set-Cookie headers of the last answer, whole (attributes included). */
  lastSetCookies: string[] = [];

  constructor(
    readonly baseUrl: string,
    private readonly address?: string,
  ) {}

  absorb(response: Response) {
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  forget(name: string) {
    this.cookies.delete(name);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** The session cookie alone, as DashboardSession takes it. */
  get sessionCookie(): string | null {
    const value = this.cookies.get("next-auth.session-token");
    return value ? `next-auth.session-token=${value}` : null;
  }

  async fetch(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? "GET",
      headers: {
        cookie: this.cookieHeader,
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.method && init.method !== "GET" ? { origin: this.baseUrl } : {}),
        ...(this.address ? { "x-forwarded-for": this.address } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: "manual",
    });
    this.absorb(response);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: response.status, body };
  }

  /** One step: POST /api/auth/callback/{provider}; the provider's error, or null once a session cookie is set. */
  async step(provider: "credentials" | "second-factor" | "passkey", fields: Record<string, string>) {
    const csrf = await fetch(`${this.baseUrl}/api/auth/csrf`, { headers: { cookie: this.cookieHeader } });
    this.absorb(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await fetch(`${this.baseUrl}/api/auth/callback/${provider}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: this.cookieHeader,
        ...(this.address ? { "x-forwarded-for": this.address } : {}),
      },
      body: new URLSearchParams({ ...fields, csrfToken, json: "true" }),
      redirect: "manual",
    });
    this.absorb(response);
    const { url } = (await response.json().catch(() => ({}))) as { url?: string };
    const error = url ? new URL(url).searchParams.get("error") : "no answer";
    return { status: response.status, error: this.sessionCookie && !error ? null : (error ?? "no session") };
  }
}

/**
 * The current code of an authenticator app with this base32 key, by Debian's oathtool (an
 * implementation of RFC 6238 nobody here wrote); `at` moves the clock it computes for.
 */
export function oathtool(secret: string, at = Date.now()): string {
  const result = spawnSync("oathtool", ["--totp", "-b", "--now", `@${Math.floor(at / 1000)}`, secret], { encoding: "utf8" });
  if (result.error || result.status !== 0) {
    throw new Error(`oathtool failed (apt-get install oathtool): ${result.error?.message ?? result.stderr}`);
  }
  return result.stdout.trim();
}
