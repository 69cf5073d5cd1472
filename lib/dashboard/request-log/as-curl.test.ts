import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { MASK } from "@/lib/request-log/limits";
import { asCurl, shellQuote } from "./as-curl";

describe("asCurl", () => {
  const call = {
    method: "POST",
    path: "/sandbox/v1/orders",
    query: null,
    source: "integration" as const,
    request_headers: {
      authorization: MASK,
      "content-type": "application/json",
      host: "127.0.0.1:3000",
      "x-forwarded-for": "203.0.113.9",
      "x-forwarded-proto": "http",
      "x-request-id": "req-1",
      "x-note": "it's",
    },
  };

  it("leaves masked headers out and names them; keeps the others, quoted for the shell", () => {
    const curl = asCurl(call, '{"fee_rate":0.02}', "http://127.0.0.1:3000");
    expect(curl.split("\n")[0]).toBe("# left out (secret): authorization");
    expect(curl).not.toContain(MASK);
    expect(curl).not.toContain("host:");
    // what a proxy or this server added is not the caller's to send again
    expect(curl).not.toMatch(/x-forwarded|x-request-id/);
    expect(curl).toContain(`-H 'x-note: it'\\''s'`);
    expect(asCurl(call, null, "http://x", "weggelassen (geheim)").split("\n")[0]).toBe("# weggelassen (geheim): authorization");
    expect(curl).toContain(`-H 'content-type: application/json'`);
    expect(curl).toContain(`--data-raw '{"fee_rate":0.02}'`);
  });

  it("quotes so that a POSIX shell reads back every byte (sh itself prints the words)", () => {
    for (const text of ["it's", "a'b'c", "$HOME `id` \\n", 'say "hi"', "ünïcødé ✓"]) {
      expect(execFileSync("sh", ["-c", `printf %s ${shellQuote(text)}`], { encoding: "utf8" })).toBe(text);
    }
  });

  it("an upstream call starts at $EXCHANGE_API, the tenant's service", () => {
    const curl = asCurl({ ...call, source: "dashboard", path: "/v1/exchanges/abc", method: "GET", query: "a=1" }, null, "http://x");
    expect(curl).toContain('curl -X GET "$EXCHANGE_API/v1/exchanges/abc?a=1"');
    expect(curl).not.toContain("--data-raw");
  });
});
