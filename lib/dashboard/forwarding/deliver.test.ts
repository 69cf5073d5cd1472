import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { retryDelayMs, webhookIdOf } from "./deliver";
import { signedHeaders } from "./signed-headers.mjs";

// The schedule and the headers of a forwarded webhook, against the Standard Webhooks library's own verification.

const schedule = [5, 300, 1800, 7200, 18000, 36000, 36000].map((s) => s * 1000);

describe("retryDelayMs", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up: eight attempts over about 27.6 hours", () => {
    const waits = Array.from({ length: 8 }, (_, i) => retryDelayMs(i + 1, schedule));
    expect(waits).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, null]);
    const total = waits.reduce<number>((sum, w) => sum + (w ?? 0), 0);
    expect(total / 3_600_000).toBeCloseTo(27.58, 1);
  });
});

describe("signedHeaders", () => {
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const body = '{"event":"exchange.settled","payload":{"exchange_id":"x"}}';
  const at = new Date("2026-11-25T12:00:00Z");

  it("gives the specification's example signature", () => {
    // Standard Webhooks' example: this secret, id, timestamp and body, and the signature it lists
    const headers = signedHeaders("msg_p5jXN8AQM9LWM0D4loKWxJek", '{"test": 2432232314}', [secret], new Date(1614265330 * 1000));
    expect(headers["webhook-signature"]).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    expect(headers["webhook-timestamp"]).toBe("1614265330");
  });

  it("verifies with the library, and not once the body changes", () => {
    const headers = signedHeaders("msg_p5jXN8AQM9LWM0D4loKWxJek", body, [secret], at);
    expect(headers["webhook-timestamp"]).toBe("1795608000");
    expect(headers["webhook-signature"]).toBe(new Webhook(secret).sign("msg_p5jXN8AQM9LWM0D4loKWxJek", at, body));
    const verifier = new Webhook(secret);
    // the library refuses timestamps 5 minutes away from now, so it checks at the signing time
    const realNow = Date.now;
    Date.now = () => at.getTime();
    try {
      expect(verifier.verify(body, headers)).toEqual(JSON.parse(body));
      expect(() => verifier.verify(`${body} `, headers)).toThrow();
    } finally {
      Date.now = realNow;
    }
  });

  it("carries one signature per secret during a rotation, separated by a space", () => {
    const other = "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD";
    const headers = signedHeaders("msg_1", body, [secret, other], at);
    const parts = headers["webhook-signature"]?.split(" ") ?? [];
    expect(parts).toHaveLength(2);
    expect(parts.every((p) => p.startsWith("v1,"))).toBe(true);
  });

  it("names a delivery msg_ and its id's 32 hex digits", () => {
    expect(webhookIdOf("0f8a3c1e-5b2d-4e6f-9a7b-1c2d3e4f5a6b")).toBe("msg_0f8a3c1e5b2d4e6f9a7b1c2d3e4f5a6b");
  });
});
