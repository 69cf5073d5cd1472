import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ClientApi } from "./harness/api";
import { DashboardSession } from "./harness/dashboard";
import { lightningOrder, operator } from "./harness/fixtures";

// The languages as the server renders them: Accept-Language, the switcher's cookie, <html lang>,
// and POST /api/locale's answers.

const base = () => inject("baseUrl");
type Tree = { [key: string]: string | Tree };
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../messages", `${locale}.json`), "utf8")) as Tree;
const message = (locale: string, key: string) =>
  key.split(".").reduce<string | Tree>((t, k) => (t as Tree)[k] ?? "", catalogue(locale)) as string;
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base()}${url}`, { headers, redirect: "manual" });
  const html = await response.text();
  return { response, html, lang: /<html[^>]* lang="([^"]+)"/.exec(html)?.[1] };
}

let admin: DashboardSession;
let token = "";
beforeAll(async () => {
  admin = await DashboardSession.signIn("affiliate@example.com");
  const { order } = await lightningOrder(new ClientApi(inject("demoClientId")));
  const { exchange_id } = await operator().pay({ order_id: order.id, amount: 120, currency: "eur" });
  const created = await admin.request("POST", `/api/exchanges/${exchange_id}/payout-link`, {});
  expect(created.status).toBe(201);
  token = (created.body as { url: string }).url.split("/pay/")[1] ?? "";
});

describe("the language of a page", () => {
  it.each([
    ["de-CH,de;q=0.9,en;q=0.8", "de"],
    ["fr-CH,fr;q=0.9", "fr"],
    ["it-CH", "it"],
    ["ja", "en"],
  ])("sign-in with Accept-Language %s is in %s", async (header, locale) => {
    const { html, lang, response } = await page("/login", { "accept-language": header });
    expect(response.status).toBe(200);
    // the words depend on the request's headers: no shared cache may keep the page
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    expect(lang).toBe(locale);
    expect(html).toContain(escape(message(locale, "login.intro")));
  });

  it("the payout page speaks the header's language, formats amounts for it, and the cookie outranks the header", async () => {
    const german = await page(`/pay/${token}`, { "accept-language": "de-CH" });
    expect(german.lang).toBe("de");
    expect(german.html).toContain(escape(message("de", "pay.scanToReceive")));
    expect(german.html).toContain(`für ${new Intl.NumberFormat("de", { style: "currency", currency: "EUR" }).format(120)}`);
    const italian = await page(`/pay/${token}`, { "accept-language": "de-CH", cookie: "NEXT_LOCALE=it" });
    expect(italian.lang).toBe("it");
    expect(italian.html).toContain(escape(message("it", "pay.scanToReceive")));
  });

  it("the dashboard speaks French and Italian when asked, and English to a language it does not speak", async () => {
    for (const [headers, lang, title] of [
      [{ cookie: `${admin.cookie}; NEXT_LOCALE=fr`, "accept-language": "de-CH" }, "fr", "<title>Ordres · "],
      [{ cookie: admin.cookie, "accept-language": "it-CH,it;q=0.9" }, "it", "<title>Ordini · "],
      [{ cookie: admin.cookie, "accept-language": "ja" }, "en", "<title>Orders · "],
    ] as const) {
      const response = await fetch(`${base()}/orders`, { headers });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(/<html[^>]* lang="([^"]+)"/.exec(html)?.[1]).toBe(lang);
      expect(html).toContain(title);
    }
  });

  it("the dashboard speaks German to a German-speaking browser; the developers' reference stays English", async () => {
    const orders = await fetch(`${base()}/orders`, { headers: { cookie: admin.cookie, "accept-language": "de-CH,de;q=0.9,en;q=0.5" } });
    expect(orders.status).toBe(200);
    const html = await orders.text();
    expect(/<html[^>]* lang="([^"]+)"/.exec(html)?.[1]).toBe("de");
    expect(html).toContain("<title>Aufträge · ");
    const reference = await fetch(`${base()}/docs/errors`, { headers: { "accept-language": "de-CH" } });
    expect(/<html[^>]* lang="([^"]+)"/.exec(await reference.text())?.[1]).toBe("en");
  });
});

describe("POST /api/locale", () => {
  const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${base()}/api/locale`, { method: "POST", body: new URLSearchParams(form), headers, redirect: "manual" });

  it("remembers the choice for a year and goes back to the page", async () => {
    const response = await post({ locale: "fr", return_to: `/pay/${token}` });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/pay/${token}`);
    expect(response.headers.get("set-cookie")).toMatch(/^NEXT_LOCALE=fr; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const scripted = await post({ locale: "it" });
    expect(scripted.status).toBe(204);
    expect(scripted.headers.get("set-cookie")).toMatch(/^NEXT_LOCALE=it;/);
  });

  it("never sends anyone to another site", async () => {
    for (const target of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const response = await post({ locale: "de", return_to: target });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
    }
  });

  it("refuses an unknown language and a cross-site form, and answers only POST", async () => {
    const unknown = await post({ locale: "xx", return_to: "/login" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: "invalid_request", details: [{ path: "locale" }] });
    const crossSite = await post({ locale: "de" }, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get("set-cookie")).toBeNull();
    const get = await fetch(`${base()}/api/locale`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toMatch(/^POST\b/);
  });
});
