import { describe, expect, it } from "vitest";
import { routeOf } from "./route-of";

describe("routeOf", () => {
  it.each([
    ["/v1/orders/674fc2b6-1f2e-4c3d-9a8b-7c6d5e4f3a2b", "/v1/orders/{id}"],
    ["/sandbox/v1/exchanges/674fc2b6-1f2e-4c3d-9a8b-7c6d5e4f3a2b/payout", "/sandbox/v1/exchanges/{id}/payout"],
    // a malformed id is one segment left out whole, not a UUID and its tail
    ["/sandbox/v1/orders/00000000-0000-4000-8000-1795743896967", "/sandbox/v1/orders/{id}"],
    ["/v1/orders/12345?x=1", "/v1/orders/{id}"],
    [`/lnurl/${"a".repeat(64)}`, "/lnurl/{id}"],
    ["/v1/challenges", "/v1/challenges"],
    ["/sandbox/operator/webhook-endpoints", "/sandbox/operator/webhook-endpoints"],
  ])("%s → %s", (path, route) => expect(routeOf(path)).toBe(route));
});
