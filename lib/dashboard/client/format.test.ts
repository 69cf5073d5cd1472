import { describe, expect, it } from "vitest";
import { formatters } from "./format";

// A fee rate keeps its three decimals (1.125 %); a rate of counts (success, errors) has one, with
// the percent sign as each language writes it.

describe("formatters", () => {
  it("a share of counts has one decimal at most, the sign as the language places it", () => {
    expect(formatters("en").share(1 / 11)).toBe("9.1%");
    expect(formatters("de").share(1 / 11)).toMatch(/^9,1\s%$/);
    expect(formatters("fr").share(2 / 3)).toMatch(/^66,7\s%$/);
    expect(formatters("it").share(0.25)).toBe("25%");
  });

  it("a fee rate keeps its decimals", () => {
    expect(formatters("en").percent(0.01125)).toBe("1.125 %");
  });
});
