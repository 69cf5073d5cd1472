import { describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, MASK } from "./limits";
import { HDKey } from "@scure/bip32";
import { createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { maskBody, maskHeaders, maskQuery } from "./mask";
import { isSecretField, isSecretHeader, viewerHeaders } from "./secret-names";

// The request log's masking: credentials go whatever their place, and what is no credential
// (an order's wallet signature, a challenge's token) stays for the developer to read.

describe("request log masking", () => {
  it("masks credential headers by name, keeps the rest", () => {
    const masked = maskHeaders(
      new Headers({
        Authorization: "client_id planted-client-secret",
        Cookie: "session=planted-cookie",
        "X-Signature-256": "sha256=planted-hmac",
        "X-Auth-Token": "planted-token",
        "Content-Type": "application/json",
      }),
    );
    expect(masked).toEqual({
      authorization: MASK,
      cookie: MASK,
      "x-signature-256": MASK,
      "x-auth-token": MASK,
      "content-type": "application/json",
    });
    expect(isSecretHeader("user-agent")).toBe(false);
  });

  it("masks secret body fields at any depth, keeps a wallet signature and a challenge token", () => {
    const body = JSON.stringify({
      signature: "H1b2c3-wallet-signature",
      message: "I own bc1q… token 7KQ4ZP2M",
      nested: { password: "planted-password", items: [{ client_secret: "planted-client-secret", api_key: "planted-key" }] },
      token: "7KQ4ZP2M",
      webhookSecret: "planted-webhook-secret",
    });
    const { body: out, cut } = maskBody(body);
    expect(cut).toBe(false);
    expect(out).not.toMatch(/planted/);
    expect(JSON.parse(out ?? "null")).toMatchObject({
      signature: "H1b2c3-wallet-signature",
      token: "7KQ4ZP2M",
      nested: { password: MASK, items: [{ client_secret: MASK, api_key: MASK }] },
    });
    expect(["signature", "token", "amount", "order_id"].some(isSecretField)).toBe(false);
  });

  it("masks secrets in text that is not JSON (malformed, a form) and in a query", () => {
    expect(maskBody('{"password": "planted-password", "a": ').body).not.toMatch(/planted/);
    // a form is masked as a query is
    expect(maskBody("password=planted-password&amount=5").body).toBe(`password=${encodeURIComponent(MASK)}&amount=5`);
    expect(maskQuery("api_key=planted-key&limit=5")).toBe(`api_key=${encodeURIComponent(MASK)}&limit=5`);
  });

  it("cuts a body past the limit and says so; NUL and lone surrogates become storable", () => {
    const long = maskBody(JSON.stringify({ note: "é".repeat(BODY_LIMIT_BYTES) }));
    expect(long.cut).toBe(true);
    expect(Buffer.byteLength(long.body ?? "", "utf8")).toBeLessThanOrEqual(BODY_LIMIT_BYTES);
    expect(maskBody("a\u0000b\ud800c").body).toBe("a\uFFFDb\uFFFDc");
    expect(maskBody(null, true)).toEqual({ body: null, cut: true });
  });

  it("masks a secret under a field named __proto__ and keeps a header of that name, as fields and headers", () => {
    const { body } = maskBody('{"__proto__": {"password": "planted-password", "amount": 5}, "id": 1}');
    expect(body).not.toMatch(/planted/);
    expect(Object.keys(JSON.parse(body ?? "null") as object)).toEqual(["__proto__", "id"]);
    expect(JSON.stringify(maskHeaders({ ["__proto__"]: "kept" } as Record<string, string>))).toMatch(/kept/);
  });

  it("leaves a body without secrets as the same text, and masks the same field name every time", () => {
    const text = '{ "id": 1,  "items": [{"amount": 5}] }';
    expect(maskBody(text).body).toBe(text);
    for (let i = 0; i < 3; i++) expect(maskBody('{"items": [{"api_key": "planted-key"}]}').body).toBe(`{"items":[{"api_key":"${MASK}"}]}`);
  });

  it("masks every header outside the viewers' list for a viewer, and credential headers by name for everyone", () => {
    const masked = maskHeaders({
      "X-Client-Id": "planted-client",
      "X-Private-Key": "planted-key",
      "X-Totp": "123456",
      "X-Forwarded-Authorization": "Bearer planted",
      "Content-Type": "application/json",
    });
    expect(Object.values(masked).filter((v) => v !== MASK)).toEqual(["application/json"]);
    expect(viewerHeaders({ "content-type": "application/json", "x-custom": "anything" })).toEqual({
      "content-type": "application/json",
      "x-custom": MASK,
    });
  });

  it("masks secret fields by their names: wif, tprv, seed phrases, one-time codes, signing keys, k1, passphrases", () => {
    const names = ["wif", "tprv", "seed_phrase", "totp_code", "signing_key", "k1", "passphrase", "secret_key", "otp"];
    for (const name of names) expect(isSecretField(name), name).toBe(true);
    const body = maskBody(JSON.stringify({ code: "123456", error_code: "invalid_iban", node_pubkey: "02ab", extended_public_key: "tpub" }));
    expect(JSON.parse(body.body ?? "null")).toEqual({
      code: MASK,
      error_code: "invalid_iban",
      node_pubkey: "02ab",
      extended_public_key: "tpub",
    });
  });

  // BIP-32 test vector 1's seed (github.com/bitcoin/bips, bip-0032.mediawiki) and BIP-39's first English vector
  const seed = Buffer.from("000102030405060708090a0b0c0d0e0f", "hex");
  const xprv = HDKey.fromMasterSeed(seed).privateExtendedKey;
  const tprv = HDKey.fromMasterSeed(seed, { private: 0x04358394, public: 0x043587cf }).privateExtendedKey;
  const wif = createBase58check(sha256).encode(Uint8Array.from([0xef, ...new Uint8Array(32).fill(7), 0x01]));
  const mnemonic = `${"abandon ".repeat(11)}about`;
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";

  it.each([
    ["an xprv", xprv],
    ["a tprv", tprv],
    ["a WIF", wif],
    ["a mnemonic", mnemonic],
    ["a JWT", jwt],
    ["an API key of this app", "dk_AbCdEfGh_0123456789abcdefghijklmnopqrstuv"],
    ["a webhook secret", "whsec_0123456789abcdef0123456789abcdef"],
  ])("masks %s by its look in a field of any name, in text, a query and a header", (_name, secret) => {
    expect(maskBody(JSON.stringify({ note: `see ${secret}` })).body).not.toContain(secret);
    expect(maskBody(`note: ${secret}`).body).not.toContain(secret);
    expect(maskQuery(`note=${encodeURIComponent(secret)}`)).not.toContain(encodeURIComponent(secret));
    expect(maskHeaders({ "x-note": secret })["x-note"]).not.toContain(secret);
  });

  it("leaves look-alikes alone: a WIF-shaped string without its checksum, twelve words not of the list, an address", () => {
    const fake = `c${"1".repeat(51)}`;
    const words = "the quick brown fox jumps over the lazy dog then runs far away from home";
    const address = "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx";
    const text = JSON.stringify({ a: fake, b: words, c: address });
    expect(maskBody(text).body).toBe(text);
  });

  it("masks a password inside a JSON string, and a known secret (the caller's client_id) wherever it stands", () => {
    const inner = JSON.stringify({ note: JSON.stringify({ password: "planted-password", ok: 1 }) });
    const masked = maskBody(inner).body ?? "";
    expect(masked).not.toContain("planted-password");
    expect(JSON.parse(JSON.parse(masked).note as string)).toEqual({ password: MASK, ok: 1 });
    const known = ["demo_client_0123456789"];
    expect(maskBody('{"echo": "client demo_client_0123456789 here"}', false, undefined, known).body).not.toContain(known[0]);
    expect(maskQuery("whoami=demo_client_0123456789", known)).not.toContain(known[0]);
    expect(maskHeaders({ "x-echo": "demo_client_0123456789" }, known)["x-echo"]).toBe(MASK);
  });

  it("masks a body nested 10 000 levels deep without overflowing the stack", () => {
    const deep = `${"[".repeat(10_000)}"${xprv}"${"]".repeat(10_000)}`;
    expect(maskBody(deep).body).not.toContain(xprv);
  });

  it("writes a text body's control characters as escapes", () => {
    expect(maskBody("error: \u001b[2J\r\nforged").body).toBe("error: \\u001b[2J\r\nforged");
  });
});
