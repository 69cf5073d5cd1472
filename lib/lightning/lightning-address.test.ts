import { describe, expect, it } from "vitest";
import { parseLightningAddress, payCallbackUrl } from "./lightning-address";

describe("parseLightningAddress", () => {
  it.each([
    ["alice@wallet.example", { name: "alice", domain: "wallet.example" }],
    ["  Alice@Wallet.Example ", { name: "alice", domain: "wallet.example" }],
    ["lightning:bob.k+tips@pay.example.org", { name: "bob.k+tips", domain: "pay.example.org" }],
    ["carol@127.0.0.1:3000", { name: "carol", domain: "127.0.0.1:3000" }],
  ])("reads %s", (text, expected) => {
    expect(parseLightningAddress(text)).toEqual(expected);
  });

  it.each([
    "",
    "alice",
    "@wallet.example",
    "alice@",
    "al ice@wallet.example",
    "alice@wallet..example",
    "alice@-wallet.example",
    "a/b@x.example",
    "alice@wallet.example/path",
    `${"a".repeat(65)}@x.example`,
  ])("refuses %j", (text) => {
    expect(parseLightningAddress(text)).toBeNull();
  });
});

describe("payCallbackUrl", () => {
  it("keeps the callback's own query and sets amount", () => {
    expect(payCallbackUrl("https://pay.example/cb?id=7&amount=1", 21_000n)).toBe("https://pay.example/cb?id=7&amount=21000");
  });
});
