import { describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, MASK } from "./limits";
import { isSecretField, isSecretHeader, maskBody, maskHeaders, maskQuery } from "./mask";

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
    expect(maskBody("password=planted-password&amount=5").body).toBe(`password="${MASK}"&amount=5`);
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
});
