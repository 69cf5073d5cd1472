import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect } from "./fixtures";

// The four languages as the specs read them: the words from the app's own message catalogues
// (so a spec finds a button by what the page says, in the page's language), and a tag per
// language. The tag lets the fast form of the suite (CI; see playwright.config.ts) walk each
// language at one of the two widths instead of both.

export type Tree = { [key: string]: string | Tree };

/** A catalogue under messages/: `de.json` (sign-in and the payout page), `dashboard/de.json`. */
export const catalogue = (file: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, "../messages", file), "utf8")) as Tree;

/** The message at a dotted key, or "" when there is none. */
export const text = (tree: Tree, key: string) => key.split(".").reduce<string | Tree>((t, k) => (t as Tree)[k] ?? "", tree) as string;

/** A message with its {placeholders} filled in. */
export const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");

/** The dashboard's words in a language: `t("lists.views.save")`, `t("lists.views.newName", { name })`. */
export function dashboardWords(locale: Locale) {
  const words = catalogue(`dashboard/${locale}.json`);
  return (key: string, values: Record<string, string> = {}) => fill(text(words, key), values);
}

/** Each language with the browser's Accept-Language that asks for it. */
export const LOCALES = [
  ["en", "en-GB"],
  ["de", "de-CH"],
  ["fr", "fr-CH"],
  ["it", "it-CH"],
] as const;
export type Locale = (typeof LOCALES)[number][0];

export const acceptLanguageOf = (locale: Locale) => LOCALES.find(([code]) => code === locale)?.[1] ?? "en-GB";

/** The tag of a test walked in one language: `@lang-de`. */
export const languageTag = (locale: Locale) => `@lang-${locale}` as const;

/** Signs in through the sign-in page in its language, and waits for the dashboard's live stream. */
export async function signInLocalized(page: Page, locale: Locale, email = "affiliate@example.com") {
  const words = catalogue(`${locale}.json`);
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await page.getByLabel(text(words, "login.email"), { exact: true }).fill(email);
  await page.getByLabel(text(words, "login.password"), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: text(words, "login.submit"), exact: true }).click();
  await page.waitForURL((address) => !address.pathname.startsWith("/login"));
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible({ timeout: 10_000 });
}
