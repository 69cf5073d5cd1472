import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { randomBytes } from "node:crypto";
import { http, errorCode } from "./harness/api";
import { DashboardSession, signIn } from "./harness/dashboard";

const base = () => inject("baseUrl");
const address = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

describe("sign-in and sign-out (next-auth Credentials, id credentials)", () => {
  it("the demo admin signs in; the session cookie is httpOnly and SameSite=Lax; sign-out ends it", async () => {
    const result = await signIn(base(), "affiliate@example.com", inject("demoPassword"), address());
    expect(result.cookie).toMatch(/^next-auth\.session-token=/);
    expect(result.setCookie).toMatch(/HttpOnly/i);
    expect(result.setCookie).toMatch(/SameSite=Lax/i);
    expect(result.setCookie).not.toMatch(/Secure/i); // plain http here; Secure behind https (APP_URL)

    const session = await DashboardSession.signIn("affiliate@example.com");
    const me = await session.request("GET", "/api/auth/session");
    expect(me.body).toMatchObject({ user: { email: "affiliate@example.com", role: "admin" } });
    expect((await session.request("GET", "/api/orders")).status).toBe(200);

    const cleared = await session.signOut();
    expect(cleared.some((c) => /^next-auth\.session-token=;/.test(c))).toBe(true);
  });

  it("a wrong password or unknown account gets no session", async () => {
    const wrong = await signIn(base(), "affiliate@example.com", "not-the-password", address());
    expect(wrong.cookie).toBeNull();
    expect(wrong.error).toBe("CredentialsSignin");
    const unknown = await signIn(base(), "nobody@example.com", "whatever-password", address());
    expect(unknown.cookie).toBeNull();
  });

  it("5 failures lock the account for 15 minutes, even with the right password then", async () => {
    const email = `locked-${randomBytes(4).toString("hex")}@example.com`;
    for (let i = 0; i < 5; i++) expect((await signIn(base(), email, "wrong-password", address())).error).toBe("CredentialsSignin");
    expect((await signIn(base(), email, "wrong-password", address())).error).toBe("RateLimited");
  });

  it("20 failures from one address lock that address for every account; other addresses are unaffected", async () => {
    const from = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 20; i++) await signIn(base(), `probe-${i}-${randomBytes(3).toString("hex")}@example.com`, "wrong", from);
    const blocked = await signIn(base(), "viewer@example.com", inject("demoPassword"), from);
    expect([blocked.cookie, blocked.error]).toEqual([null, "RateLimited"]);
    expect((await signIn(base(), "viewer@example.com", inject("demoPassword"), address())).cookie).not.toBeNull();
  });
});

describe("without a session every /api route is 401", () => {
  it.each([
    ["GET", "/api/orders"],
    ["POST", "/api/orders"],
    ["GET", "/api/orders/00000000-0000-4000-8000-000000000000"],
    ["PATCH", "/api/orders/00000000-0000-4000-8000-000000000000"],
    ["POST", "/api/challenges"],
    ["GET", "/api/challenges/00000000-0000-4000-8000-000000000000"],
    ["GET", "/api/exchanges"],
    ["GET", "/api/exchanges/00000000-0000-4000-8000-000000000000"],
    ["PATCH", "/api/exchanges/00000000-0000-4000-8000-000000000000"],
    ["GET", "/api/exchanges/00000000-0000-4000-8000-000000000000/events"],
    ["POST", "/api/exchanges/00000000-0000-4000-8000-000000000000/payout-link"],
    ["GET", "/api/events"],
    ["GET", "/api/audit"],
  ])("%s %s", async (method, path) => {
    const reply = await http(method, `${base()}${path}`, { body: method === "GET" ? undefined : {}, headers: { origin: base() } });
    expect([reply.status, errorCode(reply)]).toEqual([401, "unauthorized"]);
  });

  it("a forged session cookie is no session", async () => {
    const reply = await http("GET", `${base()}/api/orders`, {
      headers: { cookie: "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.forged" },
    });
    expect(reply.status).toBe(401);
  });
});

describe("security headers", () => {
  it("pages and API answers carry CSP without unsafe-eval, nosniff, referrer policy and frame denial", async () => {
    for (const path of ["/", "/api/orders", "/sandbox/openapi.json"]) {
      const response = await fetch(`${base()}${path}`);
      const csp = response.headers.get("content-security-policy") ?? "";
      const page = (response.headers.get("content-type") ?? "").startsWith("text/html");
      // a page ("/" goes on to /login): its own scripts; an answer of the API: nothing runs at all
      expect(csp).toContain(page ? "default-src 'self'" : "default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      // no eval of script; WebAssembly (the QR reader's) may compile, which is all 'wasm-unsafe-eval' allows
      expect(csp).not.toContain("'unsafe-eval'");
      if (page) expect(csp).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
    // the suite's app trusts one proxy: its word that the browser used https
    const https = await fetch(`${base()}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });
});
