import { describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { signBody, verifySignature } from "./webhook-signature.mjs";

describe("X-Signature-256", () => {
  const body = '{"event":"exchange.executed","payload":{}}';
  const secret = "It's a Secret to Everybody";

  it("is sha256= plus the lowercase hex HMAC-SHA256 of the raw body", () => {
    // RFC 4231 style check against node:crypto, and GitHub's documented example pair
    expect(signBody(body, secret)).toBe(`sha256=${createHmac("sha256", secret).update(body).digest("hex")}`);
    expect(signBody("Hello, World!", secret)).toBe("sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");
  });

  it("verifies with or without the prefix, and refuses anything else", () => {
    const header = signBody(body, secret);
    expect(verifySignature(body, secret, header)).toBe(true);
    expect(verifySignature(body, secret, header.slice(7))).toBe(true);
    expect(verifySignature(body, secret, header.toUpperCase())).toBe(true);
    expect(verifySignature(`${body} `, secret, header)).toBe(false);
    expect(verifySignature(body, "other", header)).toBe(false);
    expect(verifySignature(body, secret, null)).toBe(false);
    expect(verifySignature(body, secret, "sha256=abc")).toBe(false);
  });
});

describe("one signing code for the app and the command line", () => {
  it("cli/ signs nothing itself: no HMAC and no Standard Webhooks library of its own, only the app's modules", () => {
    const cli = path.resolve(import.meta.dirname, "../../cli");
    const sources = readdirSync(cli)
      .filter((name) => name.endsWith(".mjs"))
      .map((name) => [name, readFileSync(path.join(cli, name), "utf8")] as const);
    for (const [name, text] of sources) {
      expect([name, /createHmac|createSign\b|from "standardwebhooks"/.exec(text)?.[0]]).toEqual([name, undefined]);
    }
    const forward = sources.find(([name]) => name === "forward.mjs")?.[1] ?? "";
    expect(forward).toContain('from "../lib/service-api/webhook-signature.mjs"');
    expect(forward).toContain('from "../lib/dashboard/forwarding/signed-headers.mjs"');
  });
});
