import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

describe("clientAddress (X-Forwarded-For, last entry appended by our own server)", () => {
  const headers = (xff?: string) => new Headers(xff === undefined ? {} : { "x-forwarded-for": xff });

  it.each([
    // [header, trusted hops, address]
    ["203.0.113.9", 0, "203.0.113.9"],
    ["6.6.6.6, 203.0.113.9", 0, "203.0.113.9"], // a claimed address in front is ignored
    ["6.6.6.6, 198.51.100.7, 10.0.0.2", 1, "198.51.100.7"], // one proxy of ours at 10.0.0.2
    ["198.51.100.7, 10.0.0.3, 10.0.0.2", 2, "198.51.100.7"],
    ["10.0.0.2", 1, "10.0.0.2"], // fewer entries than hops: the leftmost we have
  ])("%s with %i trusted hops → %s", (xff, hops, expected) => {
    expect(clientAddress(headers(xff), hops)).toBe(expected);
  });

  it("no header at all is 'unknown'; node's header records work too", () => {
    expect(clientAddress(headers(), 0)).toBe("unknown");
    expect(clientAddress({ "x-forwarded-for": ["1.1.1.1", "2.2.2.2"] }, 0)).toBe("2.2.2.2");
  });
});
