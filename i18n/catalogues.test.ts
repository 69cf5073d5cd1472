import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { locales } from "./config";

// Every catalogue has exactly English's keys, every message is valid ICU, and each uses the
// same arguments, of the same kinds, as the English one. A missing or extra key fails here.

const root = path.resolve(import.meta.dirname, "..");
type Tree = { [key: string]: string | Tree };
const catalogue = (locale: string) => JSON.parse(readFileSync(path.join(root, "messages", `${locale}.json`), "utf8")) as Tree;

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

/** The arguments a message uses, each with its kind (plain, number, date, time, plural, select). */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument) found.add(`${element.value}:plain`);
    if (element.type === TYPE.number) found.add(`${element.value}:number`);
    if (element.type === TYPE.date) found.add(`${element.value}:date`);
    if (element.type === TYPE.time) found.add(`${element.value}:time`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.add(`${element.value}:${element.type === TYPE.plural ? "plural" : "select"}`);
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, found);
  }
  return found;
}

const english = flatten(catalogue("en"));

describe("message catalogues", () => {
  it.each(locales.filter((l) => l !== "en"))("%s has exactly the English keys", (locale) => {
    const keys = [...flatten(catalogue(locale)).keys()].sort();
    const missing = [...english.keys()].filter((k) => !keys.includes(k));
    const extra = keys.filter((k) => !english.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each([...locales])("%s: every message is ICU with English's arguments", (locale) => {
    for (const [key, message] of flatten(catalogue(locale))) {
      const ast = parse(message);
      const reference = argumentsOf(parse(english.get(key) ?? ""));
      expect([...argumentsOf(ast)].sort(), `${locale} ${key}`).toEqual([...reference].sort());
      if (locale !== "en") expect(message.trim(), `${locale} ${key} is empty`).not.toBe("");
    }
  });

  it("holds every problem the invoice checker can name and every payout failure the page shows", () => {
    const checker = readFileSync(path.join(root, "lib/lightning/check-invoice.ts"), "utf8");
    const problemKeys = [...checker.matchAll(/key: "(\w+)"/g)].map((m) => m[1]);
    expect(problemKeys.length).toBeGreaterThanOrEqual(8);
    for (const key of problemKeys) expect(english.has(`invoice.problems.${key}`), key).toBe(true);
    const page = readFileSync(path.join(root, "components/pay/payout-page.tsx"), "utf8");
    const failures = /failureKeys = \[([^\]]+)\]/.exec(page)?.[1]?.match(/"(\w+)"/g) ?? [];
    expect(failures.length).toBe(6);
    for (const quoted of failures) expect(english.has(`pay.failures.${quoted.slice(1, -1)}`), quoted).toBe(true);
  });
});

// The translated pages' components: no words of their own in JSX, only the catalogues'.
const translated = [
  "app/pay/[token]/page.tsx",
  "app/(auth)/login/page.tsx",
  "components/auth/login-form.tsx",
  "components/i18n/language-switcher.tsx",
  "components/pay/payout-page.tsx",
  "components/pay/pay-qr.tsx",
  "components/pay/pay-live.tsx",
  "components/pay/pay-invoice.tsx",
  "components/pay/offer-countdown.tsx",
  "components/payouts/invoice-form.tsx",
  "components/payouts/invoice-disclosure.tsx",
];
/** Attributes people read or hear. */
const spoken = new Set(["aria-label", "title", "placeholder", "alt", "label", "summary", "loading"]);

function hardCodedText(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && spoken.has(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer)) {
      if (/\p{L}/u.test(node.initializer.text)) found.push(`${node.name.getText()}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("translated components", () => {
  it.each(translated)("%s has no hard-coded words", (file) => {
    expect(hardCodedText(file)).toEqual([]);
  });
});
