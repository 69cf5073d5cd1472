import { describe, expect, it } from "vitest";
import { browserScheme, forwardedValue, HSTS, strictTransportSecurity } from "./forwarded.mjs";

// What a request says of how it reached us counts only from a proxy of ours.

describe("forwarded headers and HSTS", () => {
  it.each([
    // [header, trusted hops, value]
    ["https", 0, null],
    ["https", 1, "https"],
    ["http, https", 1, "https"], // the nearest proxy's word is the last
    ["evil.example, dash.example", 2, "dash.example"],
    [null, 1, null],
  ] as const)("%s with %i trusted hops → %s", (header, hops, expected) => {
    expect(forwardedValue(header, hops)).toBe(expected);
  });

  it.each([
    // [APP_URL, trusted hops, X-Forwarded-Proto, HSTS]
    ["https://dash.example", 0, undefined, HSTS],
    ["https://dash.example", 0, "http", HSTS], // the configuration decides, not the header
    ["http://localhost:3000", 1, "https", null],
    [undefined, 0, "https", null], // a client's claim
    [undefined, 1, "https", HSTS], // a proxy of ours
    [undefined, 1, "HTTPS", HSTS],
    [undefined, 1, undefined, null],
  ] as const)("APP_URL %s, %i hops, X-Forwarded-Proto %s → %s", (appUrl, hops, proto, expected) => {
    expect(strictTransportSecurity({ appUrl, trustedHops: hops, forwardedProto: proto })).toBe(expected);
    expect(browserScheme({ appUrl, trustedHops: hops, forwardedProto: proto })).toBe(expected ? "https" : "http");
  });
});
