import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./safe-callback";

const origin = "https://dash.example.com";

describe("safeCallbackPath (sign-in redirect target)", () => {
  it.each([
    ["/orders?active=true#top", "/orders?active=true#top"],
    ["/exchanges/abc", "/exchanges/abc"],
    ["https://dash.example.com/orders", "/orders"],
    ["orders", "/orders"],
  ])("keeps %s on our origin → %s", (target, expected) => {
    expect(safeCallbackPath(target, origin)).toBe(expected);
  });

  it.each([
    ["//evil.example/"],
    ["/\\evil.example/"],
    ["/\t/evil.example"],
    ["https://evil.example/"],
    ["\\\\evil.example"],
    ["http://dash.example.com/"],
    ["javascript:alert(1)"],
    ["https://dash.example.com.evil.example/"],
  ])("sends %j to /", (target) => {
    expect(safeCallbackPath(target, origin)).toBe("/");
  });

  it("no target, or an empty one, is /", () => {
    expect(safeCallbackPath(null, origin)).toBe("/");
    expect(safeCallbackPath("", origin)).toBe("/");
  });
});
