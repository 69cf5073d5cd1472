import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { firstUnstorable, isStorable, requireStorableRequest, storableSample } from "./storable-text";

// What PostgreSQL refuses to store (a NUL; jsonb's unpaired surrogates) is found wherever it
// hides in a body, a path or a query, and named.

describe("text PostgreSQL cannot store", () => {
  it.each([
    ["plain text", "hello", true],
    ["a paired surrogate (𝄞)", "𝄞", true],
    ["an empty string", "", true],
    ["a NUL", "a\u0000b", false],
    ["a lone high surrogate", "x\ud800", false],
    ["a lone low surrogate", "\udc00x", false],
    ["two high surrogates", "\ud800\ud800", false],
    ["a pair reversed", "\udc00\ud800", false],
  ])("%s", (_name, text, storable) => {
    expect(isStorable(text)).toBe(storable);
  });

  it("names the first bad string or key of a JSON value by its path", () => {
    expect(firstUnstorable({ a: 1, b: ["ok", { c: "\u0000" }] })).toBe("b.1.c");
    expect(firstUnstorable({ "\ud800": 1 })).toBe("(key)");
    expect(firstUnstorable({ nested: { "k\u0000": "v" } })).toBe("nested.(key)");
    expect(firstUnstorable("\u0000")).toBe("(body)");
    expect(firstUnstorable({ a: [1, null, true, "𝄞"] })).toBeNull();
  });

  it("any string fast-check makes is found unstorable exactly when PostgreSQL's rule says so", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const encoded = Buffer.from(text, "utf8").toString("utf8");
        // UTF-8 can hold it as it is exactly when it has no unpaired surrogate; a NUL is refused besides
        const expected = encoded === text && !text.includes("\u0000");
        expect(isStorable(text)).toBe(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it("path and query values are named (path ones as (path).name); a storable sample replaces what is not", () => {
    const refusal = (() => {
      try {
        requireStorableRequest(new URL("http://x/a?user=%00&ok=1"), { id: "b\u0000" });
        return null;
      } catch (error) {
        return error as ApiError;
      }
    })();
    expect(refusal?.code).toBe("invalid_request");
    expect(refusal?.details?.map((d) => d.path)).toEqual(["(path).id", "user"]);
    expect(() => requireStorableRequest(new URL("http://x/a?q=%F0%9F%98%80"), { id: "c" })).not.toThrow();
    expect(storableSample('{"a":"\u0000","b":"\ud800"}')).toBe('{"a":"\ufffd","b":"\ufffd"}');
  });
});
