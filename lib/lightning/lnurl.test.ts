import { describe, expect, it } from "vitest";
import { decodeLnurl, encodeLnurl, lud01Fallback, lud17Link } from "./lnurl";

// LUD-01 example
const LNURL =
  "LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPN" +
  "XSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS";
const URL = "https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df";

describe("LNURL (LUD-01)", () => {
  it("decodes the LUD-01 example and encodes it back in upper case", () => {
    expect(decodeLnurl(LNURL)).toBe(URL);
    expect(decodeLnurl(`lightning:${LNURL.toLowerCase()}`)).toBe(URL);
    expect(encodeLnurl(URL)).toBe(LNURL);
  });
});

describe("links for every wallet", () => {
  it("LUD-17 names the offer by its scheme, and LUD-01's fallback URL carries the LNURL", () => {
    const lnurl = encodeLnurl("https://service.example/lnurl/withdraw/abc?k1=1");
    expect(lud17Link(lnurl, "withdraw")).toBe("lnurlw://service.example/lnurl/withdraw/abc?k1=1");
    expect(lud17Link(lnurl.toLowerCase(), "channel")).toBe("lnurlc://service.example/lnurl/withdraw/abc?k1=1");
    const fallback = lud01Fallback("https://dash.example/pay/tok_EN", lnurl.toLowerCase());
    expect(fallback).toBe(`https://dash.example/pay/tok_EN?lightning=${lnurl}`);
    expect(decodeLnurl(new globalThis.URL(fallback).searchParams.get("lightning") ?? "")).toBe(
      "https://service.example/lnurl/withdraw/abc?k1=1",
    );
  });
});
