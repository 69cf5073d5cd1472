import { describe, expect, it } from "vitest";
import { secondFactorRequired } from "./policy";

describe("who must have a second factor", () => {
  it.each([
    // role, the tenant's policy, sandbox on → required
    ["operator", false, false, true],
    ["operator", false, true, false],
    ["admin", false, false, false],
    ["viewer", false, false, false],
    ["admin", true, true, true],
    ["viewer", true, false, true],
    ["operator", true, true, true],
  ] as const)("%s, policy %s, sandbox %s → %s", (role, tenantRequires, sandboxEnabled, required) => {
    expect(secondFactorRequired({ role, tenantRequires, sandboxEnabled })).toBe(required);
  });
});
