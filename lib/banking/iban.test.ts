import { describe, expect, it } from "vitest";
import { checkIban, formatIban } from "./iban";
import { creditorReference, isCreditorReference } from "./creditor-reference";

// IBAN examples of the SWIFT IBAN registry / ECBS.
describe("checkIban", () => {
  it.each([
    "DE89 3704 0044 0532 0130 00",
    "GB82 WEST 1234 5698 7654 32",
    "CH93 0076 2011 6238 5295 7",
    "FR14 2004 1010 0505 0001 3M02 606",
    "NL91ABNA0417164300",
  ])("%s is valid", (iban) => {
    expect(checkIban(iban)).toMatchObject({ valid: true, iban: iban.replace(/\s/g, "") });
  });

  it.each([
    ["DE89 3704 0044 0532 0130 01", "check digits"],
    ["DE89 3704 0044 0532 0130", "22 characters"],
    ["ZZ89 3704 0044 0532 0130 00", "Unknown IBAN country"],
    ["1234", "country code"],
  ])("%s is refused (%s)", (iban, reason) => {
    const result = checkIban(iban);
    expect(result.valid).toBe(false);
    expect(result.valid ? "" : result.reason).toContain(reason);
  });

  it("formats in groups of four", () => {
    expect(formatIban("gb82west12345698765432")).toBe("GB82 WEST 1234 5698 7654 32");
  });
});

// ISO 11649 example: RF18 5390 0754 7034
describe("ISO 11649 creditor reference", () => {
  it("computes and checks the standard's example", () => {
    expect(creditorReference("539007547034")).toBe("RF18539007547034");
    expect(isCreditorReference("RF18 5390 0754 7034")).toBe(true);
    expect(isCreditorReference("RF19 5390 0754 7034")).toBe(false);
  });
});
