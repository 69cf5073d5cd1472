import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DashboardSession } from "./harness/dashboard";

// Pages that do not exist, or that a role may not open: the right status and words, in the
// page's language, with a way back. An address that names no page is answered inside the
// dashboard's frame from the server; a page's own 404 or 403 is drawn in the frame by the browser
// from the page's payload (e2e/missing-pages.spec.ts looks at both in Chromium).

const base = () => inject("baseUrl");
type Missing = { notFound: { title: string }; forbidden: { title: string }; back: string; signIn: string };
const words = (locale: string) =>
  (
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../messages/dashboard", `${locale}.json`), "utf8")) as {
      missing: Missing;
    }
  ).missing;
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
/** Whether the page says `text`: in its markup (escaped) or in the payload the browser draws it from. */
const says = (html: string, text: string) => html.includes(escape(text)) || html.includes(text);

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base()}${url}`, { headers, redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

/** Whether the page is inside the dashboard's frame: its main navigation, which links the orders, is there. */
const framed = (html: string) => /<nav[^>]*>(?:(?!<\/nav>)[\s\S])*href="\/orders"/.test(html);

let admin: DashboardSession;
let viewer: DashboardSession;
beforeAll(async () => {
  [admin, viewer] = await Promise.all([DashboardSession.signIn("affiliate@example.com"), DashboardSession.signIn("viewer@example.com")]);
});

describe("not found", () => {
  it.each([`/orders/${randomUUID()}`, `/exchanges/${randomUUID()}`, "/exchanges/not-an-id", "/no-such-page/at/all"])(
    "%s answers 404, with a way back to the overview",
    async (url) => {
      const { status, html } = await page(url, { cookie: admin.cookieHeader });
      expect(status).toBe(404);
      expect(html).toContain(escape(words("en").notFound.title));
      expect(html).toContain(escape(words("en").back));
    },
  );

  it("answers an address that names no page inside the frame, from the server", async () => {
    const { html } = await page("/no-such-page", { cookie: admin.cookieHeader });
    expect(framed(html)).toBe(true);
  });

  it("speaks the page's language", async () => {
    for (const locale of ["de", "fr", "it"]) {
      const { status, html } = await page(`/orders/${randomUUID()}`, { cookie: `${admin.cookieHeader}; NEXT_LOCALE=${locale}` });
      expect(status).toBe(404);
      expect(says(html, words(locale).notFound.title)).toBe(true);
    }
  });

  it("answers a signed-out visitor 404 too, with a way to sign in rather than a redirect", async () => {
    const { status, html } = await page("/no-such-page", { "accept-language": "de-CH,de;q=0.9" });
    expect(status).toBe(404);
    expect(says(html, words("de").notFound.title)).toBe(true);
    expect(html).toContain('href="/login"');
    expect(framed(html)).toBe(false);
  });
});

describe("forbidden", () => {
  it.each([
    ["viewer", "/settings"],
    ["viewer", "/audit"],
    ["viewer", "/operator"],
    ["admin", "/operator"],
  ] as const)("a %s opening %s gets 403", async (who, url) => {
    const session = who === "admin" ? admin : viewer;
    const { status, html } = await page(url, { cookie: session.cookieHeader });
    expect(status).toBe(403);
    expect(html).toContain(escape(words("en").forbidden.title));
  });
});
