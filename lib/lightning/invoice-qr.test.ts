import { describe, expect, it } from "vitest";
import { lightningNode, makeInvoice } from "@/tests/integration/harness/wallet";
import { invoiceFromQr } from "./invoice-qr";
import { encodeLnurl } from "./lnurl";

const { invoice } = makeInvoice({ node: lightningNode("qr"), msat: 21_000_000n, now: new Date("2026-11-23T10:00:00Z") });

describe("invoiceFromQr", () => {
  it.each([
    ["a bare invoice", invoice],
    ["an uppercase one (QR alphanumeric mode)", invoice.toUpperCase()],
    ["a lightning: URI", `LIGHTNING:${invoice.toUpperCase()}`],
    ["a BIP-21 URI with lightning=", `bitcoin:tb1qexample?amount=0.00021&lightning=${invoice}`],
  ])("reads %s", (_, text) => {
    expect(invoiceFromQr(text)).toBe(invoice);
  });

  it.each([
    ["an address", "bitcoin:tb1qexample?amount=0.1"],
    ["an LNURL", encodeLnurl("https://wallet.example/lnurl/withdraw?k1=00")],
    ["text", "hello"],
  ])("refuses %s", (_, text) => {
    expect(invoiceFromQr(text)).toBeNull();
  });
});
