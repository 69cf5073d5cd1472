import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { removeDir, startApp, type RunningApp } from "./harness/app-server";
import { csrfToken, setCookies } from "./harness/sign-in";
import { DashboardSession } from "./harness/dashboard";
import { lightningOrder, operator } from "./harness/fixtures";
import { ClientApi } from "./harness/api";

// What every answer says of itself, from the configuration and never from what a client claims:
// a strict Content-Security-Policy with a fresh nonce on every page kind, Strict-Transport-Security
// from APP_URL (or a trusted proxy), and one origin rule for every change a cookie makes. Three
// configurations: the suite's app (no APP_URL, one trusted proxy), and two of this file's own on
// one data directory (no APP_URL and no trusted proxy; then APP_URL https://localhost:PORT).

const operatorKey = `sk_op_hdr_${randomBytes(8).toString("hex")}`;
const password = "a-long-test-password-37";
const HSTS = "max-age=63072000; includeSubDomains";
const metricsToken = `metrics_${randomBytes(12).toString("hex")}`;
let own: RunningApp;

/** Signs in at an app, whatever its cookies are called (__Secure- under an https APP_URL). */
async function cookieOf(baseUrl: string, email: string, secret = password) {
  const csrf = await csrfToken(baseUrl);
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrf.cookie },
    body: new URLSearchParams({ csrfToken: csrf.token, email, password: secret, json: "true" }),
    redirect: "manual",
  });
  const session = setCookies(response).find((c) => /^(__Secure-)?next-auth\.session-token=/.test(c));
  expect(session, `signed in at ${baseUrl}`).toBeDefined();
  return session?.split(";")[0] ?? "";
}

const post = (baseUrl: string, path: string, cookie: string, headers: Record<string, string>) =>
  fetch(`${baseUrl}${path}`, { method: "POST", headers: { cookie, "content-type": "application/json", ...headers }, body: "{}" }).then(
    async (r) => `${r.status} ${r.status >= 400 ? ((await r.json()) as { error: string }).error : ""}`.trim(),
  );

let token = "";
beforeAll(async () => {
  own = await startApp({ operatorKey, env: { DEMO_PASSWORD: password, METRICS_TOKEN: metricsToken } });
  // a payout link of the suite's app, for its public page
  const admin = await DashboardSession.signIn("affiliate@example.com");
  const { order } = await lightningOrder(new ClientApi(inject("demoClientId")));
  const { exchange_id } = await operator().pay({ order_id: order.id, amount: 40, currency: "eur" });
  expect((await admin.request("GET", `/api/exchanges/${exchange_id}`)).status).toBe(200);
  const link = (await admin.request("POST", `/api/exchanges/${exchange_id}/payout-link`, {})).body as { url: string };
  token = link.url.split("/pay/")[1] ?? "";
}, 120_000);

afterAll(async () => {
  await own?.stop();
  if (own) removeDir(own.dataDir);
});

/** The script-src of a policy, and the nonce in it. */
function scriptSrc(policy: string | null) {
  const directive =
    (policy ?? "")
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src ")) ?? "";
  return { directive, nonce: /'nonce-([A-Za-z0-9+/=]+)'/.exec(directive)?.[1] ?? null };
}

describe("a strict Content-Security-Policy on every page kind", () => {
  const pages = (): [string, string, boolean][] => [
    ["sign-in", "/login", false],
    ["the overview", "/", true],
    ["a list", "/exchanges", true],
    ["the new-order wizard", "/orders/new", true],
    ["the payout page", `/pay/${token}`, false],
    ["the error reference", "/docs/errors", false],
    ["the sandbox's error reference", "/sandbox/docs/errors", false],
    ["an unknown page", "/no-such-page", false],
  ];

  it("a fresh nonce per answer, 'strict-dynamic', no 'unsafe-inline', each <script> nonced; forwarded headers change nothing", async () => {
    const cookie = (await DashboardSession.signIn("affiliate@example.com")).cookieHeader;
    for (const [name, path, signedIn] of pages()) {
      const variants: Record<string, string>[] = [{}, { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" }];
      for (const forwarded of variants) {
        const load = () =>
          fetch(`${inject("baseUrl")}${path}`, { headers: { ...(signedIn ? { cookie } : {}), ...forwarded }, redirect: "manual" });
        const [first, second] = await Promise.all([load(), load()]);
        const policy = first.headers.get("content-security-policy");
        const { directive, nonce } = scriptSrc(policy);
        expect(first.status, name).toBeLessThan(500);
        expect(directive, name).toContain("'strict-dynamic'");
        expect(directive, name).not.toContain("'unsafe-inline'");
        expect(directive, name).not.toContain("'unsafe-eval'");
        expect(policy, name).toMatch(/report-to csp/);
        expect(first.headers.get("reporting-endpoints"), name).toBe('csp="/api/csp-reports"');
        expect(nonce, name).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(scriptSrc(second.headers.get("content-security-policy")).nonce, `${name}: a nonce of its own`).not.toBe(nonce);
        const html = await first.text();
        const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
        expect(scripts.length, name).toBeGreaterThan(0);
        for (const tag of scripts) expect(tag, name).toContain(`nonce="${nonce}"`);
        await second.arrayBuffer();
      }
    }
  });

  it("every other answer (JSON, a file) runs nothing at all", async () => {
    for (const path of ["/api/health", "/api/openapi.json", "/sandbox/openapi.json", "/icon.svg", "/api/nope"]) {
      const response = await fetch(`${inject("baseUrl")}${path}`);
      await response.arrayBuffer();
      expect(response.headers.get("content-security-policy"), path).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
    }
  });

  it("POST /api/csp-reports takes both formats, logs and counts each violation (no payout token), refuses anything else", async () => {
    const send = (type: string, body: string) =>
      fetch(`${own.baseUrl}/api/csp-reports`, { method: "POST", headers: { "content-type": type }, body }).then((r) => r.status);
    const reportTo = JSON.stringify([
      {
        type: "csp-violation",
        age: 10,
        url: `${own.baseUrl}/pay/secret-link-token`,
        user_agent: "Chromium",
        body: {
          documentURL: `${own.baseUrl}/pay/secret-link-token?x=1`,
          blockedURL: "inline",
          effectiveDirective: "script-src-elem",
          disposition: "enforce",
        },
      },
    ]);
    const reportUri = JSON.stringify({
      "csp-report": { "document-uri": `${own.baseUrl}/`, "blocked-uri": "eval", "violated-directive": "script-src" },
    });
    expect(await send("application/reports+json", reportTo)).toBe(204);
    expect(await send("application/csp-report", reportUri)).toBe(204);
    expect(await send("text/plain", reportUri)).toBe(415);
    expect(await send("application/csp-report", "{")).toBe(400);
    expect(await send("application/reports+json", JSON.stringify({ not: "a list" }))).toBe(400);
    const metrics = await (await fetch(`${own.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    expect(metrics).toMatch(/dashboard_csp_violations_total\{directive="script-src-elem"\} 1/);
    expect(metrics).toMatch(/dashboard_csp_violations_total\{directive="script-src"\} 1/);
    const lines = own
      .output()
      .split("\n")
      .filter((l) => l.includes("Content-Security-Policy violation"));
    expect(lines).toHaveLength(2);
    expect(lines.join("\n")).toContain('"document":"http://127.0.0.1');
    expect(lines.join("\n")).not.toContain("secret-link-token");
  });
});

describe("Strict-Transport-Security from the configuration, never from the client", () => {
  const hsts = async (baseUrl: string, path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl}${path}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    return response.headers.get("strict-transport-security");
  };
  const kinds = ["/login", "/api/health", "/sandbox/openapi.json", "/icon.svg", "/no-such-page"];

  it("no APP_URL, no trusted proxy: never, whatever X-Forwarded-Proto says", async () => {
    for (const path of kinds) {
      expect(await hsts(own.baseUrl, path), path).toBeNull();
      expect(await hsts(own.baseUrl, path, { "x-forwarded-proto": "https" }), path).toBeNull();
    }
  });

  it("no APP_URL, one trusted proxy (the suite's app): when that proxy says https", async () => {
    for (const path of kinds) {
      expect(await hsts(inject("baseUrl"), path), path).toBeNull();
      expect(await hsts(inject("baseUrl"), path, { "x-forwarded-proto": "https" }), path).toBe(HSTS);
    }
  });
});

describe("one origin rule for every change a cookie makes", () => {
  it("no APP_URL and no trusted proxy: the request's own Host over http, and nothing else", async () => {
    const cookie = await cookieOf(own.baseUrl, "affiliate@example.com");
    const host = new URL(own.baseUrl).host;
    const table: [string, Record<string, string>, string][] = [
      ["/api/challenges", { origin: own.baseUrl }, "201"],
      ["/api/challenges", { origin: "http://evil.example", "x-forwarded-host": "evil.example" }, "403 forbidden"],
      ["/api/challenges", { origin: `https://${host}` }, "403 forbidden"],
      ["/api/challenges", { origin: `https://${host}`, "x-forwarded-proto": "https" }, "403 forbidden"],
      ["/api/challenges", { origin: "null" }, "403 forbidden"],
      ["/api/challenges", {}, "403 forbidden"],
      ["/api/account/passkeys/options", { origin: "http://evil.example" }, "403 forbidden"],
      ["/api/account/passkeys/options", { origin: own.baseUrl }, "200"],
      ["/api/account/reauthenticate/options", { origin: "http://evil.example" }, "403 forbidden"],
      ["/api/notifications/read", { origin: "http://evil.example" }, "403 forbidden"],
      ["/api/sign-in/passkey/options", { origin: "http://evil.example" }, "403 forbidden"],
      ["/api/sign-in/passkey/options", { origin: own.baseUrl }, "200"],
    ];
    const got = [];
    for (const [path, headers] of table) got.push(await post(own.baseUrl, path, cookie, headers));
    expect(got).toEqual(table.map((row) => row[2]));
  });

  it("a trusted proxy (the suite's app): its X-Forwarded-Host and -Proto name the origin, scheme included", async () => {
    const cookie = (await DashboardSession.signIn("affiliate@example.com")).cookieHeader;
    const table: [Record<string, string>, string][] = [
      [{ origin: "https://dash.example", "x-forwarded-host": "dash.example", "x-forwarded-proto": "https" }, "201"],
      [{ origin: "http://dash.example", "x-forwarded-host": "dash.example", "x-forwarded-proto": "https" }, "403 forbidden"],
      [{ origin: "https://other.example", "x-forwarded-host": "dash.example", "x-forwarded-proto": "https" }, "403 forbidden"],
      [{ origin: inject("baseUrl") }, "201"],
    ];
    const got = [];
    for (const [headers] of table) got.push(await post(inject("baseUrl"), "/api/challenges", cookie, headers));
    expect(got).toEqual(table.map((row) => row[1]));
  });

  it("with APP_URL https://localhost:PORT: exactly that origin, and HSTS on every answer", async () => {
    await own.stop();
    const appUrl = `https://localhost:${own.port}`;
    own = await startApp({ operatorKey, dataDir: own.dataDir, port: own.port, env: { DEMO_PASSWORD: password, APP_URL: appUrl } });
    const cookie = await cookieOf(own.baseUrl, "affiliate@example.com");
    const table: [Record<string, string>, string][] = [
      [{ origin: appUrl }, "201"],
      [{ origin: `http://localhost:${own.port}` }, "403 forbidden"],
      [{ origin: own.baseUrl }, "403 forbidden"],
      [{ origin: "http://evil.example", "x-forwarded-host": "evil.example" }, "403 forbidden"],
      [{ origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }, "403 forbidden"],
    ];
    const got = [];
    for (const [headers] of table) got.push(await post(own.baseUrl, "/api/challenges", cookie, headers));
    expect(got).toEqual(table.map((row) => row[1]));
    for (const path of ["/login", "/", "/api/health", "/api/openapi.json", "/sandbox/openapi.json", "/icon.svg", "/no-such-page"]) {
      const response = await fetch(`${own.baseUrl}${path}`, { redirect: "manual" });
      await response.arrayBuffer();
      expect(response.headers.get("strict-transport-security"), path).toBe(HSTS);
    }
  }, 120_000);
});
