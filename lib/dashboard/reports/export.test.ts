import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { csvChunk, neutralise, type Column } from "./export";

type Row = { text: string; amount: string };
const columns: Column<Row>[] = [
  { name: "text", kind: "text", value: (r) => r.text },
  { name: "amount", kind: "number", value: (r) => r.amount },
];

describe("CSV export cells", () => {
  it("neutralises what a spreadsheet would run as a formula, and only that", () => {
    for (const cell of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(neutralise(cell)).toBe(`'${cell}`);
    for (const cell of ["Partner A", "1-2", "", "'quoted"]) expect(neutralise(cell)).toBe(cell);
    // decimals this code formatted stay numbers, negative ones included
    expect(csvChunk(columns, [{ text: "-x", amount: "-1.00" }])).toBe("'-x,-1.00\r\n");
  });

  it("any text survives a round trip through a real CSV parser (RFC 4180 quoting, CRLF)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme", maxLength: 40 }), { minLength: 1, maxLength: 20 }), (texts) => {
        const rows = texts.map((text) => ({ text, amount: "1.00" }));
        const parsed = parse(csvChunk(columns, rows), { record_delimiter: "\r\n", relax_quotes: false }) as string[][];
        expect(parsed.map((r) => r[0])).toEqual(texts.map(neutralise));
      }),
      { seed: 20261123, numRuns: 300 },
    );
  });
});
