import { describe, expect, it } from "vitest";
import { dashboardOpenApi } from "@/lib/dashboard/api/openapi";
import { openApiDocument } from "@/lib/sandbox/openapi";
import { fingerprint } from "@/lib/openapi/fingerprint";

// Both OpenAPI documents, part by part (lib/openapi/fingerprint.ts), against the snapshot beside
// this file: a change of how they are made must leave every operation and schema as it was, and a
// change of what they say shows which parts it changed. After such a change, on purpose:
// `npx vitest run --project unit lib/openapi-documents.test.ts -u`, and the snapshot's diff is the
// review of what moved.

describe("the OpenAPI documents, operation by operation", () => {
  it("the dashboard's (/api/openapi.json)", () => {
    expect(fingerprint(dashboardOpenApi("https://dashboard.example"))).toMatchSnapshot();
  });
  it("the sandbox's (/sandbox/openapi.json)", () => {
    expect(fingerprint(openApiDocument("https://dashboard.example/sandbox", "https://dashboard.example/docs/errors"))).toMatchSnapshot();
  });
});
