import { describe, expect, it } from "vitest";
import { verifyMessage } from "./verify-message";

describe("verifyMessage – BIP-137 / Bitcoin Core signmessage", () => {
  // bitcoinjs-message README vector (a Bitcoin Core `signmessage` signature)
  const address = "1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV";
  const message = "This is an example of a signed message.";
  const signature = "H9L5yLFjti0QTHhPyFrZCT1V/MMnBtXKmoiKDZ78NDBjERki6ZTQZdSMCtkgoNmp17By9ItJr8o7ChX0XxY91nk=";

  it("accepts the vector", () => {
    expect(verifyMessage(address, "p2pkh", message, signature)).toEqual({ valid: true, scheme: "bip137" });
  });

  it("rejects another message or address, and says why", () => {
    expect(verifyMessage(address, "p2pkh", "", signature)).toMatchObject({ valid: false });
    expect(verifyMessage("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "p2pkh", message, signature)).toMatchObject({ valid: false });
    expect(verifyMessage(address, "p2pkh", message, "%%%")).toEqual({ valid: false, reason: "The signature is not base64" });
  });
});

describe("verifyMessage – BIP-322 simple", () => {
  // BIP-322 test vectors (bip-0322.mediawiki, "Test vectors")
  const segwit = "bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l";
  const empty =
    "AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASEC" +
    "x/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=";
  const hello =
    "AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASEC" +
    "x/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=";
  // Bitcoin Core util_tests.cpp, P2TR single-key spend
  const taproot = "bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3";
  const taprootHello = "AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==";

  it.each([
    [segwit, "p2wpkh", "", empty],
    [segwit, "p2wpkh", "Hello World", hello],
    [taproot, "p2tr", "Hello World", taprootHello],
  ] as const)("%s signs %j", (address, type, message, signature) => {
    expect(verifyMessage(address, type, message, signature)).toEqual({ valid: true, scheme: "bip322" });
  });

  it("rejects swapped messages and wrong addresses", () => {
    expect(verifyMessage(segwit, "p2wpkh", "Hello World", empty).valid).toBe(false);
    expect(verifyMessage("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "p2wpkh", "Hello World", hello).valid).toBe(false);
    expect(verifyMessage(taproot, "p2tr", "", taprootHello).valid).toBe(false);
  });

  it("explains that legacy addresses need BIP-137", () => {
    expect(verifyMessage("1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV", "p2pkh", "Hello World", hello)).toMatchObject({
      valid: false,
      reason: expect.stringContaining("P2WPKH"),
    });
  });
});

describe("verifyMessage – Electrum-style signatures on segwit addresses", () => {
  // Electrum (and Sparrow) sign P2WPKH and P2SH-P2WPKH addresses with the compressed P2PKH
  // header (31-34), as bitcoinjs-message's checkSegwitAlways test describes. Key: sha256("electrum").
  it("accepts the P2PKH-header signature for the key's segwit addresses, as electrum scheme", async () => {
    const { createHash } = await import("node:crypto");
    const bitcoinMessage = (await import("bitcoinjs-message")).default;
    const { addressForKey } = await import("./extended-key");
    const { secp256k1 } = await import("@noble/curves/secp256k1.js");
    const privateKey = createHash("sha256").update("electrum").digest();
    const publicKey = secp256k1.getPublicKey(privateKey, true);
    const signature = bitcoinMessage.sign("Sign me", privateKey, true).toString("base64");
    expect(signature.startsWith("H") || signature.startsWith("I")).toBe(true); // header 31-34
    for (const type of ["p2wpkh", "p2sh"] as const) {
      const address = addressForKey(publicKey, type, "mainnet");
      expect(verifyMessage(address, type, "Sign me", signature)).toEqual({ valid: true, scheme: "electrum" });
      expect(verifyMessage(address, type, "Sign me!", signature).valid).toBe(false);
    }
    expect(verifyMessage(addressForKey(publicKey, "p2pkh", "mainnet"), "p2pkh", "Sign me", signature)).toEqual({
      valid: true,
      scheme: "bip137",
    });
  });
});
