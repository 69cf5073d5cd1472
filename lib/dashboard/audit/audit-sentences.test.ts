import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { locales } from "@/i18n/config";
import { auditActionCodes, auditActions, isAuditAction } from "@/lib/dashboard/contract/audit-actions";
import type { AuditEntry } from "@/lib/dashboard/contract/dashboard-api";
import { describeEntry } from "./describe-entry";
import { dayRange } from "./day-range";

// Every action the code base records has a sentence in every language, and an unknown code
// still reads as a sentence: the codes are gathered from the source itself, not from the list.

const root = path.resolve(import.meta.dirname, "../../..");
const sources = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith(".test.ts")
        ? [path.join(dir, e.name)]
        : [],
  );

/** Action codes as the source writes them: routes' `mutation`, payout links', the command line's and API keys' own. */
function recordedCodes(): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /mutation: "([a-z_.]+)"/g,
    /auditedLinkAction\([^)]*?"([a-z_.]+)"/g,
    /audited\(db, "([a-z_.]+)"/g,
    /action: "([a-z_]+\.[a-z_.]+)"/g,
    /standingActions = \{([^}]*)\}/g,
  ];
  for (const file of [...sources("app"), ...sources("lib/dashboard"), ...sources("scripts")]) {
    if (file.includes("contract/audit-actions") || file.includes("demo/")) continue;
    const text = readFileSync(path.join(root, file), "utf8");
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const codes = match[1]?.includes('"') ? [...match[1].matchAll(/"([a-z_.]+)"/g)].map((m) => m[1] ?? "") : [match[1] ?? ""];
        for (const code of codes) found.add(code);
      }
    }
  }
  return found;
}

const catalogue = (locale: string) =>
  JSON.parse(readFileSync(path.join(root, "messages/dashboard", `${locale}.json`), "utf8")) as Record<string, unknown>;

const entry = (action: string, target: string | null, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  at: "2026-11-26T10:00:00.000Z",
  tenant_id: null,
  user_id: "5f0c4c55-4f70-4a8e-9f56-1a0b7c7b3c11",
  user: "affiliate@example.com",
  api_key: null,
  action,
  target,
  result: "ok",
  request_id: "r",
  target_kind: isAuditAction(action) ? auditActions[action].target : "text",
  target_exists: true,
  target_name: null,
  ...extra,
});

function say(locale: (typeof locales)[number], e: AuditEntry) {
  const t = createTranslator({ locale, messages: catalogue(locale) as never, namespace: "audit" as never }) as unknown as {
    markup: (key: string, values: Record<string, unknown>) => string;
    has: (key: string) => boolean;
  };
  const d = describeEntry(e);
  return {
    has: t.has(d.key),
    text: t.markup(d.key, {
      name: d.actor.kind === "person" ? d.actor.email : "someone",
      id: d.target?.text ?? "?",
      role: d.role,
      policy: d.policy,
      what: d.what,
      actor: (chunks: string) => chunks,
      target: (chunks: string) => chunks,
    }),
  };
}

const EXCHANGE = "674fc2b6-5a61-4c77-9b4e-0d2d5a7c9e10";

describe("audit sentences", () => {
  it("every action code the source records is in the typed list", () => {
    const recorded = recordedCodes();
    expect(recorded.size).toBeGreaterThan(40);
    expect([...recorded].filter((code) => !isAuditAction(code))).toEqual([]);
    // the payout links' revoke and replace, and the API keys' standing, among them
    for (const code of ["payout_links.revoke", "payout_links.invoice", "api_keys.limit", "api_keys.deactivate", "api_keys.restore"]) {
      expect(recorded, code).toContain(code);
    }
  });

  it.each([...locales])("%s: every listed action is a sentence naming who and what, with no raw code", (locale) => {
    for (const code of auditActionCodes) {
      const { has, text } = say(locale, entry(code, EXCHANGE));
      expect(has, `${locale} ${code}`).toBe(true);
      expect(text, `${locale} ${code}`).toContain("affiliate@example.com");
      expect(text, `${locale} ${code}`).not.toContain(code);
      if (["order", "exchange", "member", "tenant", "affiliate", "endpoint", "delivery"].includes(auditActions[code].target)) {
        expect(text, `${locale} ${code}`).toContain("674fc2b6…");
      }
    }
  });

  it("a sentence reads as it should: a payout link, a member added with a role, a policy", () => {
    expect(say("en", entry("payout_links.create", EXCHANGE)).text).toBe(
      "affiliate@example.com created a payout link for exchange 674fc2b6…",
    );
    expect(say("en", entry("team.add", "bob@example.com (viewer)")).text).toBe(
      "affiliate@example.com added bob@example.com to the team as viewer",
    );
    expect(say("de", entry("team.add", "bob@example.com (admin)")).text).toBe(
      "affiliate@example.com hat bob@example.com als Admin ins Team aufgenommen",
    );
    expect(say("fr", entry("settings.security.policy", "second factor required")).text).toBe(
      "affiliate@example.com a rendu un second facteur obligatoire pour l’équipe",
    );
  });

  it.each([...locales])("%s: an unknown code falls back to a generic sentence without the code", (locale) => {
    const { has, text } = say(locale, entry("widgets.frobnicate_all", null));
    expect(has).toBe(true);
    expect(text).toContain("affiliate@example.com");
    expect(text).toContain("widgets: frobnicate all");
    expect(text).not.toContain("widgets.frobnicate_all");
  });

  it("targets: an existing one links to its page, a deleted one is plain, a short id keeps the full one", () => {
    const known = describeEntry(entry("orders.update", EXCHANGE));
    expect(known.target).toEqual({ text: "674fc2b6…", full: EXCHANGE, href: `/orders/${EXCHANGE}` });
    expect(describeEntry(entry("orders.update", EXCHANGE, { target_exists: false })).target?.href).toBeNull();
    const tenant = describeEntry(entry("tenants.update", `${EXCHANGE} (name, base_url)`, { target_name: "Acme" }));
    expect(tenant).toMatchObject({ target: { text: "Acme", href: "/operator?tab=tenants" }, detail: "(name, base_url)" });
    expect(describeEntry(entry("payout_links.invoice", EXCHANGE, { user: null, user_id: null })).actor).toEqual({ kind: "endUser" });
    expect(describeEntry(entry("tenants.delete", EXCHANGE, { user: null, user_id: null })).actor).toEqual({ kind: "commandLine" });
  });
});

describe("dayRange: the days a range covers, both included", () => {
  it.each([
    [{ range: "today" as const }, { from: "2026-03-01", to: "2026-03-01" }],
    [{ range: "7d" as const }, { from: "2026-02-23", to: "2026-03-01" }],
    [{ range: "30d" as const }, { from: "2026-01-31", to: "2026-03-01" }],
    [{ range: "month" as const }, { from: "2026-03-01", to: "2026-03-01" }],
    [
      { range: "custom" as const, from: "2026-01-05" },
      { from: "2026-01-05", to: null },
    ],
    [{ to: "2026-01-05" }, { from: null, to: "2026-01-05" }],
    [{}, null],
  ])("%j → %j", (filter, days) => {
    expect(dayRange(filter, "2026-03-01")).toEqual(days);
  });
});
