import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { failureOf, failureText, type ForwardingFailure } from "./failure";

// A forwarding failure's sentence is what the API and the database keep; the settings page reads
// it back to say it in the reader's language. Every sentence written must read back as its failure.

const host = fc.oneof(
  fc.domain(),
  fc.ipV4(),
  fc.ipV6().map((ip) => `[${ip}]`),
);
const leaf: fc.Arbitrary<ForwardingFailure> = fc.oneof(
  fc.integer({ min: 100, max: 599 }).map((status) => ({ code: "http_status" as const, status })),
  fc.record({ code: fc.constant("unreachable" as const), host, errno: fc.option(fc.stringMatching(/^E[A-Z_]{2,20}$/), { nil: null }) }),
  fc.record({ code: fc.constant("not_public" as const), host }),
  fc.integer({ min: 1, max: 120 }).map((seconds) => ({ code: "timeout" as const, seconds })),
  fc.record({ code: fc.constant("redirected" as const), location: fc.option(fc.webUrl(), { nil: null }) }),
  fc.constant({ code: "endpoint_deleted" as const }),
  fc.constant({ code: "event_gone" as const }),
);
const span = fc.oneof(
  fc.integer({ min: 1, max: 30 }).map((days) => days * 86_400_000),
  fc.integer({ min: 1, max: 86_399 }).map((seconds) => seconds * 1000),
);
const failure: fc.Arbitrary<ForwardingFailure> = fc.oneof(
  leaf,
  fc.record({ code: fc.constant("failing_too_long" as const), ms: span, last: leaf }),
  fc.record({
    code: fc.constant("endpoint_disabled" as const),
    reason: fc.option(
      fc.record({ code: fc.constant("failing_too_long" as const), ms: span, last: leaf }).map((f): ForwardingFailure => f),
      { nil: null },
    ),
  }),
);

describe("forwarding failures", () => {
  it("reads back every sentence it writes", () => {
    fc.assert(
      fc.property(failure, (f) => {
        expect(failureOf(failureText(f))).toEqual(f);
      }),
    );
  });

  it("reads the sentences stored before it existed, and leaves any other text alone", () => {
    expect(failureOf("hooks.example.com could not be reached (ENOTFOUND)")).toEqual({
      code: "unreachable",
      host: "hooks.example.com",
      errno: "ENOTFOUND",
    });
    expect(failureOf("the endpoint was disabled: every attempt failed for 5 days; the last: HTTP 503")).toEqual({
      code: "endpoint_disabled",
      reason: { code: "failing_too_long", ms: 5 * 86_400_000, last: { code: "http_status", status: 503 } },
    });
    expect(failureOf("the endpoint was disabled: by hand")).toEqual({ code: "endpoint_disabled", reason: "by hand" });
    expect(failureOf("redirected to (no location); redirects are not followed")).toEqual({ code: "redirected", location: null });
    for (const other of ["failed", "HTTP 0", "the job crashed", "", null]) expect(failureOf(other)).toBeNull();
  });
});
