import { describe, expect, it } from "vitest";
import { decodeInvoice } from "./invoice";

// BOLT 11 "Examples": on mainnet, 20 mBTC with a fallback address, signed by the example key
// whose node id is 03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad.
const BOLT11_FALLBACK =
  "lnbc20m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98" +
  "klysy043l2ahrqsfpp3qjmp7lwpagxun9pygexvgpjdc4jdj85fr9yq20q82gphp2nflc7jtzrcazrra7wwgzxqc8u7754cdlpfrmccae92qgz" +
  "qvzq2ps8pqqqqqqpqqqqq9qqqvpeuqafqxu92d8lr6fvg0r5gv0heeeqgcrqlnm6jhphu9y00rrhy4grqszsvpcgpy9qqqqqqgqqqqq7qqzqj9" +
  "n4evl6mr5aj9f58zp6fyjzup6ywn3x6sk8akg5v4tgn2q8g4fhx05wf6juaxu9760yp46454gpg5mtzgerlzezqcqvjnhjh8z3g2qqdhhwkj";

describe("decodeInvoice", () => {
  it("decodes the BOLT 11 example: amount, payee, payment hash, expiry", () => {
    const invoice = decodeInvoice(BOLT11_FALLBACK, "mainnet");
    expect(invoice.millisatoshis).toBe(2_000_000_000n);
    expect(invoice.payeeNodeKey).toBe("03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad");
    expect(invoice.paymentHash).toBe("0001020304050607080900010203040506070809000102030405060708090102");
    expect(invoice.createdAt.toISOString()).toBe("2017-06-01T10:57:38.000Z");
    expect(invoice.expiresAt.getTime() - invoice.createdAt.getTime()).toBe(3_600_000);
    expect(decodeInvoice(`lightning:${BOLT11_FALLBACK.toUpperCase()}`, "mainnet").paymentHash).toBe(invoice.paymentHash);
  });

  it("refuses it on testnet as invoice_network", () => {
    expect(() => decodeInvoice(BOLT11_FALLBACK, "testnet")).toThrow(expect.objectContaining({ code: "invoice_network" }));
  });

  it("refuses a broken checksum or a non-invoice as invalid_invoice", () => {
    expect(() => decodeInvoice(BOLT11_FALLBACK.replace(/j$/, "k"), "mainnet")).toThrow(
      expect.objectContaining({ code: "invalid_invoice" }),
    );
    expect(() => decodeInvoice("bitcoin:tb1qxyz", "testnet")).toThrow(expect.objectContaining({ code: "invalid_invoice" }));
  });
});
