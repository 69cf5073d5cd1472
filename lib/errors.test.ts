import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { paymentFieldsSchema } from "@/lib/service-api/operator-contract";
import { detailsFromZod } from "./errors";

// The details of a 400 invalid_request name zod's rule and bound, for a form to say it in its
// reader's language (lib/dashboard/client/issue-message.ts); the simulator's payment is the case
// the testers met (amount 0; "abc", which a form sends as null).

const detailsOf = (input: unknown) => {
  const result = z.safeParse(paymentFieldsSchema, input);
  if (result.success) throw new Error("expected a refusal");
  return detailsFromZod(result.error);
};

describe("detailsFromZod", () => {
  it.each([
    [
      { amount: 0, currency: "eur" },
      { path: "amount", code: "too_small", minimum: 0, inclusive: false, origin: "number" },
    ],
    [
      { amount: null, currency: "eur" },
      { path: "amount", code: "invalid_type", expected: "number" },
    ],
    [
      { amount: 20_000_000, currency: "eur" },
      { path: "amount", code: "too_big", maximum: 10_000_000, inclusive: true },
    ],
    [
      { amount: 1, currency: "" },
      { path: "currency", code: "too_small", minimum: 1, origin: "string" },
    ],
    [
      { amount: 1, currency: "eur", outcome: "nope" },
      { path: "outcome", code: "invalid_value" },
    ],
  ])("%j → %j", (input, detail) => {
    const [first] = detailsOf(input);
    expect(first).toMatchObject(detail);
    expect(first?.message).toMatch(/\S/);
  });

  it("leaves out what an issue does not say", () => {
    const [first] = detailsOf({ amount: 1, currency: "eur", outcome: "nope" });
    expect(Object.keys(first ?? {}).sort()).toEqual(["code", "message", "path"]);
  });
});
