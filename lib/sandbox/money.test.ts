import { describe, expect, it } from "vitest";
import { decimalToMinor, feeRateText, price, satsToBtc } from "./money";

// docs/exchange-api.md#exchanges: fee = round2(cost × fee_rate), amount = floor8((cost − fee) / rate)
describe("price", () => {
  it.each([
    [50_000, "0.02", 6_000_000, 1_000, 816_666],
    [100_001, "0.02", 6_000_000, 2_000, 1_633_350],
    [12_345, "0.0125", 5_700_000, 154, 213_877],
    [1, "0.045", 5_100_000, 0, 19],
  ])("cost %i at %s, rate %i → fee %i, amount %i sats", (cost, feeRate, rate, fee, amount) => {
    expect(price(cost, feeRate, rate)).toEqual({ feeMinor: fee, amountSats: amount, rateMinor: rate });
  });

  it("rounds the fee half up at exactly half a cent", () => {
    // 0.25 × 0.02 = 0.005 → 0.01
    expect(price(25, "0.02", 6_000_000).feeMinor).toBe(1);
  });
});

describe("conversions", () => {
  it("keeps two decimals for fiat and eight for btc", () => {
    expect(decimalToMinor(1000.01)).toBe(100_001);
    expect(decimalToMinor(0.1 + 0.2)).toBe(30);
    expect(decimalToMinor(1.001)).toBeNull();
    expect(satsToBtc(816_666)).toBe(0.00816666);
    expect(feeRateText(0.1 + 0.02)).toBe("0.12");
  });
});
