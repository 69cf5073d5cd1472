import { describe, expect, it } from "vitest";
import { checkInvoice } from "./check-invoice";

// BOLT 11's example on mainnet: 20 mBTC (2 000 000 sat), made 2017-06-01T10:57:38Z, valid an hour.
const EXAMPLE =
  "lnbc20m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98" +
  "klysy043l2ahrqsfpp3qjmp7lwpagxun9pygexvgpjdc4jdj85fr9yq20q82gphp2nflc7jtzrcazrra7wwgzxqc8u7754cdlpfrmccae92qgz" +
  "qvzq2ps8pqqqqqqpqqqqq9qqqvpeuqafqxu92d8lr6fvg0r5gv0heeeqgcrqlnm6jhphu9y00rrhy4grqszsvpcgpy9qqqqqqgqqqqq7qqzqj9" +
  "n4evl6mr5aj9f58zp6fyjzup6ywn3x6sk8akg5v4tgn2q8g4fhx05wf6juaxu9760yp46454gpg5mtzgerlzezqcqvjnhjh8z3g2qqdhhwkj";
const PAYEE = "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad";
const withinHour = Date.parse("2017-06-01T11:00:00Z");
const base = { network: "mainnet" as const, now: withinHour };
const keys = (text: string, expected: Parameters<typeof checkInvoice>[1]) => {
  const check = checkInvoice(text, expected);
  return check.ok ? check.problems.map((p) => p.key) : [check.problem.key];
};

describe("checkInvoice", () => {
  it("accepts an invoice for the exact amount, on the network, from the node, in time", () => {
    const check = checkInvoice(EXAMPLE, { ...base, sats: 2_000_000, nodePubkey: PAYEE });
    expect(check).toMatchObject({ ok: true, sats: 2_000_000, payee: PAYEE, network: "mainnet", problems: [] });
  });

  it("names an amount read in another unit, either way round", () => {
    expect(checkInvoice(EXAMPLE, { ...base, sats: 2_000 })).toMatchObject({
      ok: true,
      problems: [{ key: "wrongUnit", values: { found: 2_000_000, expected: 2_000 } }],
    });
    expect(keys(EXAMPLE, { ...base, sats: 2_000_000_000 })).toEqual(["wrongUnit"]);
  });

  it("names an amount asked before the network fee", () => {
    expect(checkInvoice(EXAMPLE, { ...base, sats: 1_999_512, feeSats: 488 })).toMatchObject({
      ok: true,
      problems: [{ key: "beforeFee", values: { fee: 488, expected: 1_999_512 } }],
    });
  });

  it("says the amount is wrong otherwise, with both figures", () => {
    expect(checkInvoice(EXAMPLE, { ...base, sats: 1_000_000, feeSats: 488 })).toMatchObject({
      problems: [{ key: "wrongAmount", values: { found: 2_000_000, expected: 1_000_000 } }],
    });
  });

  it("reports expiry and a foreign node together with the amount", () => {
    const later = Date.parse("2017-06-01T12:00:00Z");
    expect(keys(EXAMPLE, { ...base, now: later, sats: 5, nodePubkey: `02${"11".repeat(32)}` })).toEqual([
      "wrongAmount",
      "expired",
      "otherNode",
    ]);
  });

  it("refuses another network (naming both) and text that is no invoice", () => {
    expect(checkInvoice(EXAMPLE, { ...base, network: "testnet", sats: 2_000_000 })).toEqual({
      ok: false,
      problem: { key: "network", values: { found: "mainnet", expected: "testnet" } },
    });
    expect(keys("lnbc1notaninvoice", { ...base, sats: 1 })).toEqual(["invalid"]);
    // letters that begin like another network's invoice are still no invoice
    expect(keys("lnbc1garbage", { ...base, network: "testnet", sats: 1 })).toEqual(["invalid"]);
    expect(keys("lntb1garbage", { ...base, sats: 1 })).toEqual(["invalid"]);
    expect(keys("hello", { ...base, sats: 1 })).toEqual(["invalid"]);
  });
});
