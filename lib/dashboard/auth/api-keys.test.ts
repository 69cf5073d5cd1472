import { describe, expect, it } from "vitest";
import { keyStanding, scopeFor } from "./api-keys";

// A key's rights are its scopes narrowed by its creator's role now; none once they are disabled
// or have left the key's tenant.

const TENANT = "00000000-0000-4000-8000-000000000001";
const OTHER = "00000000-0000-4000-8000-000000000002";
const all = ["read", "reports", "write"] as const;

describe("keyStanding", () => {
  it.each([
    ["an admin's key", all, { role: "admin", tenantId: TENANT, disabled: false }, "active", null, "admin", ["read", "reports", "write"]],
    ["an operator's key acts as an admin", all, { role: "operator", tenantId: null, disabled: false }, "active", null, "admin", [...all]],
    ["a viewer's read key is whole", ["read"], { role: "viewer", tenantId: TENANT, disabled: false }, "active", null, "viewer", ["read"]],
    [
      "a demoted creator's write scope falls",
      all,
      { role: "viewer", tenantId: TENANT, disabled: false },
      "limited",
      "creator_viewer",
      "viewer",
      ["read", "reports"],
    ],
    ["a disabled creator", all, { role: "admin", tenantId: TENANT, disabled: true }, "inactive", "creator_disabled", null, []],
    [
      "a creator moved to another tenant",
      all,
      { role: "admin", tenantId: OTHER, disabled: false },
      "inactive",
      "creator_removed",
      null,
      [],
    ],
    ["a creator whose account is gone", ["read"], null, "inactive", "creator_removed", null, []],
  ] as const)("%s", (_name, scopes, creator, status, reason, role, effective) => {
    expect(keyStanding(scopes, TENANT, creator)).toEqual({ status, reason, role, effectiveScopes: effective });
  });
});

describe("scopeFor", () => {
  it("the request logs need the logs scope: read alone does not open what was sent", () => {
    expect(scopeFor("GET", "/api/request-logs", false)).toBe("logs");
    expect(scopeFor("GET", "/api/request-logs/errors", false)).toBe("logs");
    expect(scopeFor("GET", "/api/request-logs/12", false)).toBe("logs");
    expect(scopeFor("GET", "/api/request-logsx", false)).toBe("read");
    expect(scopeFor("GET", "/api/operator/request-logs", false)).toBeNull();
  });
});
