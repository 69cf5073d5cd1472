import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { requestLogs } from "@/lib/db/schema";
import { MASK } from "./limits";
import { rowText, STORED_COLUMNS, toRow, type RequestLogEntry } from "./row";

// A row as the batch INSERT takes it: every column of the table by its name, each body parsed
// once, the error code and the related ids taken from the parsed answer.

const exchangeId = "674fc2b6-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
const entry = (over: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
  source: "sandbox",
  clientId: "demo-client",
  method: "POST",
  path: "/sandbox/v1/orders",
  query: "",
  status: 422,
  durationMs: 12.4,
  requestId: "req-1",
  correlationId: null,
  userAgent: "curl/8",
  sourceAddress: "127.0.0.1",
  requestHeaders: { authorization: "client_id planted-client", "content-type": "application/json" },
  responseHeaders: { "content-type": "application/json" },
  requestBody: '{ "fee_rate": 0.5,  "client_secret": "planted-secret" }',
  responseBody: '{"error":"invalid_fee_rate","message":"fee_rate out of range"}',
  createdAt: new Date("2026-11-27T08:00:00.000Z"),
  ...over,
});

describe("a request log row", () => {
  it("names every column of the table but its id, and the INSERT lists them all", () => {
    const names = Object.values(getTableColumns(requestLogs))
      .map((column) => column.name)
      .filter((name) => name !== "id")
      .sort();
    expect([...STORED_COLUMNS].sort()).toEqual(names);
    expect(Object.keys(toRow(entry())).sort()).toEqual(names);
  });

  it("takes the error code from the answer's body unless the recorder named one", () => {
    expect(toRow(entry()).error_code).toBe("invalid_fee_rate");
    expect(toRow(entry({ errorCode: "bad_signature" })).error_code).toBe("bad_signature");
    expect(toRow(entry({ errorCode: null })).error_code).toBeNull();
    expect(toRow(entry({ status: 200 })).error_code).toBeNull();
  });

  it("uses the answer's value the recorder kept instead of parsing its text again", () => {
    const row = toRow(
      entry({
        path: `/sandbox/v1/exchanges/${exchangeId}/payout`,
        status: 404,
        responseBody: '{"error":"not_found"}',
        responseJson: { error: "not_found", order_id: "0b6a7e1c-3f4d-4a5b-9c6d-7e8f9a0b1c2d" },
      }),
    );
    expect(row.error_code).toBe("not_found");
    expect(row.exchange_id).toBe(exchangeId);
    expect(row.order_id).toBe("0b6a7e1c-3f4d-4a5b-9c6d-7e8f9a0b1c2d");
  });

  it("keeps a JSON body without secrets as it came, and masks one with them", () => {
    const row = toRow(entry({ responseBody: '{ "error": "invalid_fee_rate" }' }));
    expect(row.response_body).toBe('{ "error": "invalid_fee_rate" }');
    expect(row.request_body).toBe(`{"fee_rate":0.5,"client_secret":"${MASK}"}`);
    expect(row.request_headers.authorization).toBe(MASK);
    expect(row.created_at).toBe("2026-11-27T08:00:00.000Z");
    expect(row.duration_ms).toBe(12);
  });

  it("is sent as its values in the order of the INSERT's columns", () => {
    const row = toRow(entry());
    const sent = JSON.parse(rowText(row)) as unknown[];
    expect(sent).toHaveLength(STORED_COLUMNS.length);
    STORED_COLUMNS.forEach((name, i) => expect(sent[i]).toEqual(row[name]));
  });
});
