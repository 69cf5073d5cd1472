import { describe, expect, it } from "vitest";
import { normaliseCode, stepOfCode } from "./totp";

// RFC 6238, Appendix B: the SHA-1 key "12345678901234567890" (base32 below) and its 8-digit
// codes at the listed times; a 6-digit code is the same number's last six digits (RFC 4226 §5.3).
const key = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const vectors: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("authenticator codes (RFC 6238, SHA-1, 6 digits, 30 s)", () => {
  it.each(vectors)("at %i s the code is the last six digits of %s, in its own 30-second step", (seconds, eight) => {
    const step = Math.floor(seconds / 30);
    expect(stepOfCode(key, eight.slice(2), seconds * 1000)).toBe(step);
  });

  it("one step of drift either way is accepted and named; two are not", () => {
    const [seconds, eight] = vectors[3] ?? [0, ""];
    const code = eight.slice(2);
    const step = Math.floor(seconds / 30);
    expect(stepOfCode(key, code, (seconds + 30) * 1000)).toBe(step);
    expect(stepOfCode(key, code, (seconds - 30) * 1000)).toBe(step);
    expect(stepOfCode(key, code, (seconds + 60) * 1000)).toBeNull();
    expect(stepOfCode(key, code, (seconds - 60) * 1000)).toBeNull();
  });

  it("refuses what is not six digits, and reads spaces and dashes as people type them", () => {
    expect(stepOfCode(key, "94287082", 59_000)).toBeNull();
    expect(stepOfCode(key, "28708", 59_000)).toBeNull();
    expect(stepOfCode(key, "abcdef", 59_000)).toBeNull();
    expect(normaliseCode("287 082")).toBe("287082");
    expect(stepOfCode(key, "287-082", 59_000)).toBe(1);
  });
});
