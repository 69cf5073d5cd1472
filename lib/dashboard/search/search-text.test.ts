import { describe, expect, it } from "vitest";
import { idPrefixRange, parseAmount } from "./search-text";

describe("parseAmount", () => {
  it.each([
    ["60", { value: "60", currency: null }],
    ["60 EUR", { value: "60", currency: "EUR" }],
    ["eur 60", { value: "60", currency: "EUR" }],
    ["€60,00", { value: "60.00", currency: "EUR" }],
    ["60.00", { value: "60.00", currency: null }],
    ["1.234,56 EUR", { value: "1234.56", currency: "EUR" }],
    ["1,234.56", { value: "1234.56", currency: null }],
    ["1'250.50 CHF", { value: "1250.50", currency: "CHF" }],
    ["1 250,50 £", { value: "1250.50", currency: "GBP" }],
    ["1.000.000", { value: "1000000", currency: null }],
    ["0.0012 BTC", { value: "0.0012", currency: "BTC" }],
    ["120000 sats", { value: "0.00120000", currency: "BTC" }],
    ["1 sat", { value: "0.00000001", currency: "BTC" }],
    ["250000000 sats", { value: "2.50000000", currency: "BTC" }],
  ])("%s", (text, expected) => {
    expect(parseAmount(text)).toEqual(expected);
  });

  it.each([
    "",
    "0",
    "0,00 EUR",
    "60 USD",
    "EUR 60 EUR",
    "abc",
    "60 EUR EUR",
    "1,2,3.4.5",
    "1.5 sats",
    "0.123456789 BTC",
    "1e5",
    "-60",
    "60 €uro",
  ])("%s is not an amount", (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe("idPrefixRange", () => {
  it("spans every id that starts with the prefix", () => {
    expect(idPrefixRange("674fc2b6")).toEqual(["674fc2b6-0000-0000-0000-000000000000", "674fc2b6-ffff-ffff-ffff-ffffffffffff"]);
    expect(idPrefixRange("674FC2B6…")).toEqual(["674fc2b6-0000-0000-0000-000000000000", "674fc2b6-ffff-ffff-ffff-ffffffffffff"]);
    expect(idPrefixRange("674fc2")).toEqual(["674fc200-0000-0000-0000-000000000000", "674fc2ff-ffff-ffff-ffff-ffffffffffff"]);
    expect(idPrefixRange("674fc2b6-1a2b-4")).toEqual(["674fc2b6-1a2b-4000-0000-000000000000", "674fc2b6-1a2b-4fff-ffff-ffffffffffff"]);
    expect(idPrefixRange("674fc2b61a2b")).toEqual(["674fc2b6-1a2b-0000-0000-000000000000", "674fc2b6-1a2b-ffff-ffff-ffffffffffff"]);
  });

  it.each(["674fc", "674fc2g6", "674-fc2b6", "674fc2b6-1a2b-4c3d-8e9f-0a1b2c3d4e5f", "xyzxyz", ""])("%s is not a prefix", (text) => {
    expect(idPrefixRange(text)).toBeNull();
  });
});
