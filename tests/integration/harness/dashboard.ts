import { inject } from "vitest";
import { expect } from "vitest";
import { orderSchema } from "@/lib/service-api/schemas";
import { http, parse, type Reply } from "./api";
import { IBAN_DE, proofMessage } from "./fixtures";
import { addressOf, bitcoinKey, signBip137 } from "./wallet";
import { csrfToken, mergeCookies, setCookies, signIn } from "./sign-in";

export { signIn };

/** A browser-like session of the dashboard: next-auth's CSRF dance, then the session cookie. */
export class DashboardSession {
  private constructor(
    readonly baseUrl: string,
    readonly cookie: string,
  ) {}

  static async signIn(email: string, password = inject("demoPassword"), options: { baseUrl?: string; address?: string } = {}) {
    const baseUrl = options.baseUrl ?? inject("baseUrl");
    const result = await signIn(baseUrl, email, password, options.address);
    if (!result.cookie) throw new Error(`sign-in of ${email} failed: ${result.error}`);
    return new DashboardSession(baseUrl, result.cookie);
  }

  /** The session of a cookie got some other way (a second step, a passkey). */
  static of(cookie: string, baseUrl = inject("baseUrl")) {
    return new DashboardSession(baseUrl, cookie);
  }

  /** A same-origin request, as the dashboard's pages send it. */
  request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const origin: Record<string, string> = method === "GET" ? {} : { origin: this.baseUrl };
    return http(method, `${this.baseUrl}${path}`, { body, headers: { cookie: this.cookie, ...origin, ...headers } });
  }

  get cookieHeader() {
    return this.cookie;
  }

  async signOut() {
    const csrf = await csrfToken(this.baseUrl, this.cookie);
    const response = await fetch(`${this.baseUrl}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: mergeCookies(this.cookie, csrf.cookie) },
      body: new URLSearchParams({ csrfToken: csrf.token, json: "true" }),
      redirect: "manual",
    });
    return setCookies(response);
  }
}

/** An order created through the dashboard's /api with a real BIP-137 signature. */
export async function createOrderVia(session: Pick<DashboardSession, "request">, currency = "eur", extra: Record<string, unknown> = {}) {
  const challenge = await session.request("POST", "/api/challenges", {});
  expect(challenge.status).toBe(201);
  const token = (challenge.body as { token: string }).token;
  const key = bitcoinKey(`dashboard ${Math.random()}`);
  const address = addressOf(key, "p2wpkh");
  const message = proofMessage(token);
  const reply = await session.request("POST", "/api/orders", {
    fee_rate: 0.025,
    payment_method: { currency, debitor_iban: IBAN_DE },
    payout_method: { bitcoin_address: address, message, signature: signBip137(message, key, "p2wpkh") },
    ...extra,
  });
  return parse(orderSchema, reply, 201);
}

/** An operator's session acting in one tenant (the x-tenant-id header the console sends). */
export function inTenant(session: DashboardSession, tenantId: string): Pick<DashboardSession, "request"> {
  return { request: (method, path, body, headers = {}) => session.request(method, path, body, { "x-tenant-id": tenantId, ...headers }) };
}
