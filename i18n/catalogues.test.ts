import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { dashboardLocales, locales } from "./config";

// Every catalogue has exactly English's keys, every message is valid ICU, and each uses the
// same arguments, of the same kinds, as the English one. A missing or extra key fails here.

const root = path.resolve(import.meta.dirname, "..");
type Tree = { [key: string]: string | Tree };
const catalogue = (locale: string, folder = "messages") =>
  JSON.parse(readFileSync(path.join(root, folder, `${locale}.json`), "utf8")) as Tree;

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
const dashboardEnglish = flatten(catalogue("en", "messages/dashboard"));

// The public pages' catalogue (every language) and the dashboard's (English and German).
const catalogues = [
  { name: "public", folder: "messages", reference: english, languages: locales },
  { name: "dashboard", folder: "messages/dashboard", reference: dashboardEnglish, languages: dashboardLocales },
];

describe.each(catalogues)("message catalogues: $name", ({ folder, reference, languages }) => {
  it.each(languages.filter((l) => l !== "en"))("%s has exactly the English keys", (locale) => {
    const keys = [...flatten(catalogue(locale, folder)).keys()].sort();
    const missing = [...reference.keys()].filter((k) => !keys.includes(k));
    const extra = keys.filter((k) => !reference.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each([...languages])("%s: every message is ICU with English's arguments", (locale) => {
    for (const [key, message] of flatten(catalogue(locale, folder))) {
      const ast = parse(message);
      const expected = argumentsOf(parse(reference.get(key) ?? ""));
      expect([...argumentsOf(ast)].sort(), `${locale} ${key}`).toEqual([...expected].sort());
      if (locale !== "en") expect(message.trim(), `${locale} ${key} is empty`).not.toBe("");
    }
  });

  it("shares no namespace with the other catalogue (the dashboard merges the two)", () => {
    const other = folder === "messages" ? "messages/dashboard" : "messages";
    const theirs = Object.keys(catalogue("en", other));
    expect(Object.keys(catalogue("en", folder)).filter((ns) => theirs.includes(ns))).toEqual([]);
  });
});

describe("message catalogues", () => {
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

  it("holds every result the order wizard's checks can name", () => {
    const sources = ["checks.ts", "use-checks.ts", "payment-steps.tsx"].map((f) =>
      readFileSync(path.join(root, "components/orders/new-order", f), "utf8"),
    );
    const keys = sources.flatMap((source) => [...source.matchAll(/key: "(\w+)"/g)].map((m) => m[1]));
    expect(keys.length).toBeGreaterThanOrEqual(20);
    for (const key of keys) expect(dashboardEnglish.has(`orders.checks.${key}`), key).toBe(true);
  });
});

// Every page and component people read: no words of their own in JSX, only the catalogues'.
// The developers' reference of error codes is English by design (README, Languages).
const untranslated = new Set(["components/docs/error-codes.tsx"]);

function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".tsx"))
    .map((file) => path.join(folder, file))
    .filter((file) => !untranslated.has(file));
}

const translated = [
  ...sourcesUnder("components"),
  ...sourcesUnder("app/(dashboard)"),
  ...sourcesUnder("app/(auth)"),
  ...sourcesUnder("app/pay"),
];
/** Attributes people read or hear. */
const spoken = new Set(["aria-label", "title", "placeholder", "alt", "label", "summary", "loading"]);

/** Not words: currency codes, and example addresses and URLs in placeholders. */
const notWords = (text: string) => /^[A-Z]{3}$/.test(text) || /^\S*(@|:\/\/)\S*$/.test(text);

function hardCodedText(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text) && !notWords(node.text.trim())) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && spoken.has(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer)) {
      if (/\p{L}/u.test(node.initializer.text) && !notWords(node.initializer.text))
        found.push(`${node.name.getText()}="${node.initializer.text}"`);
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

describe("sentences with counts", () => {
  // a scenario's wait that timed out: none, one or some of the awaited events, in each language's grammar
  const said = (locale: string, stored: number, count: number) =>
    new IntlMessageFormat(flatten(catalogue(locale, "messages/dashboard")).get("scenarios.failure.event_timeout") ?? "", locale).format({
      seconds: 5,
      stored,
      count,
      event: "exchange.settled",
    }) as string;

  it.each([
    ["en", "none of the 2", "only 1 of the 2", "only 2 of the 3"],
    [
      "de",
      "Keines der 2",
      "Nur 1 der 2 erwarteten exchange.settled-Ereignisse ist",
      "Nur 2 der 3 erwarteten exchange.settled-Ereignisse sind",
    ],
    ["fr", "aucun des 2", "seul 1 des 2", "seuls 2 des 3"],
    ["it", "nessuno dei 2", "solo 1 dei 2 eventi exchange.settled attesi è", "solo 2 dei 3 eventi exchange.settled attesi sono"],
  ])("%s: a timed-out wait says how many of the awaited events came", (locale, none, one, some) => {
    expect(said(locale, 0, 2)).toContain(none);
    expect(said(locale, 1, 2)).toContain(one);
    expect(said(locale, 2, 3)).toContain(some);
    expect(said(locale, 0, 1)).not.toMatch(/\b0\b/);
  });
});
