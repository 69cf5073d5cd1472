import { describe, expect, it } from "vitest";
import { hexToBytes } from "@noble/hashes/utils.js";
import { isNodePubkey, nodePubkeyOf, signNodeMessage, verifyNodeSignature } from "./node-signature";
import { zbase32Decode, zbase32Encode } from "./zbase32";

// Vector: ln-types crate, NodePubkey::verify_lightning_message doc test (the bLIP "General-purpose
// Lightning signatures" names the same key and message). Signature 0x1f ‖ r ‖ s in hex.
const PUBKEY = "029ef8ee0ba895e2807ac1df1987a7888116c468e70f42e7b089e06811b0e45482";
const MESSAGE = "I am the author of `ln-types` Rust crate.";
const SIGNATURE_HEX =
  "1f29794d9a6a48680f9b8d6097a6d8ef1d5cf9dc27cd769a8658d694001c12b8dd49af2bca0a24d8f45a3b3cc787f048606323f424baa80f5ee6057981e2296f0d";

describe("verifyNodeSignature", () => {
  it("accepts the ln-types vector in hex and in zbase32 (as lnd prints it)", () => {
    expect(verifyNodeSignature(MESSAGE, SIGNATURE_HEX, PUBKEY)).toBe(true);
    expect(verifyNodeSignature(MESSAGE, zbase32Encode(hexToBytes(SIGNATURE_HEX)), PUBKEY)).toBe(true);
  });

  it("accepts Core Lightning's hex form r‖s‖recid and bare r‖s", () => {
    const rs = SIGNATURE_HEX.slice(2);
    expect(verifyNodeSignature(MESSAGE, `${rs}00`, PUBKEY)).toBe(true);
    expect(verifyNodeSignature(MESSAGE, rs, PUBKEY)).toBe(true);
  });

  it("rejects a changed byte in message, signature or key", () => {
    expect(verifyNodeSignature(`${MESSAGE} `, SIGNATURE_HEX, PUBKEY)).toBe(false);
    expect(verifyNodeSignature(MESSAGE, SIGNATURE_HEX.replace(/.$/, "e"), PUBKEY)).toBe(false);
    expect(verifyNodeSignature(MESSAGE, SIGNATURE_HEX, PUBKEY.replace(/.$/, "3"))).toBe(false);
    expect(verifyNodeSignature(MESSAGE, "not a signature", PUBKEY)).toBe(false);
  });

  it("round-trips a signature made as lncli signmessage does", () => {
    // private key of the BOLT 11 examples, whose node id is 03e7156a…dd9ad
    const key = hexToBytes("e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734");
    expect(nodePubkeyOf(key)).toBe("03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad");
    const signature = signNodeMessage("hello", key);
    expect(signature).toMatch(/^[ybndrfg8ejkmcpqxot1uwisza345h769]{104}$/);
    expect(verifyNodeSignature("hello", signature, nodePubkeyOf(key))).toBe(true);
  });
});

describe("isNodePubkey and zbase32", () => {
  it("wants a compressed point in lower-case hex", () => {
    expect(isNodePubkey(PUBKEY)).toBe(true);
    expect(isNodePubkey(PUBKEY.toUpperCase())).toBe(false);
    expect(isNodePubkey(`04${PUBKEY.slice(2)}`)).toBe(false);
    expect(isNodePubkey(`02${"00".repeat(32)}`)).toBe(false);
  });

  it("encodes RFC 6189 z-base-32", () => {
    const bytes = new TextEncoder().encode("hello world");
    expect(zbase32Decode(zbase32Encode(bytes))).toEqual(bytes);
    expect(zbase32Decode("0lI")).toBeNull();
  });
});
