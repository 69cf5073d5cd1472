import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiKeyCreatedSchema } from "@/lib/dashboard/contract/api-keys-api";
import { tenantCreatedSchema } from "@/lib/dashboard/contract/console-api";
import { requestLogDetailSchema, requestLogPageSchema } from "@/lib/dashboard/contract/request-logs-api";
import { errorBodySchema } from "@/lib/service-api/schemas";
import { signBody } from "@/lib/service-api/webhook-signature.mjs";
import { http, parse } from "./harness/api";
import { CliRun, configHome } from "./harness/cli";
import { DashboardSession } from "./harness/dashboard";
import { inviteAndJoin } from "./harness/invitations";

// Text from an upstream is data: a service (here a server of the test's own, standing in for a
// misbehaving one) answers an error whose code holds terminal escapes and a forged log line.
// The dashboard passes on `upstream_error` with its own documentation link and no control
// character, stores that code in the request log row with the original body kept escaped, and
// the command line prints a webhook's hostile event type as visible escapes.

const base = () => inject("baseUrl");
const ESC = "\u001b";
const hostileCode = `${ESC}[2J${ESC}[H\r\n12:00:00  GET /v1/orders  200  forged`;
let upstream: Server;
let admin: DashboardSession;
let tenant: { id: string; webhook_url: string; webhook_secret: string };

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    // the credentials probe: a stranger refused, the tenant's client_id known (no such order)
    if (req.method === "GET" && req.url?.startsWith("/svc/v1/orders/")) {
      const stranger = (req.headers.authorization ?? "").includes("probe_");
      return json(stranger ? 401 : 404, { error: stranger ? "unauthorized" : "not_found", documentation_uri: "https://svc.example/docs" });
    }
    json(400, {
      error: hostileCode,
      documentation_uri: "javascript:alert(1)",
      details: [{ path: `amount${ESC}[31m`, message: "bad\r\n\u202eforged" }],
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const operator = await DashboardSession.signIn("operator@example.com");
  tenant = parse(
    tenantCreatedSchema,
    await operator.request("POST", "/api/operator/tenants", {
      name: `Hostile upstream ${randomBytes(3).toString("hex")}`,
      base_url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/svc`,
      client_id: "hostile-client-0001",
      network: "testnet",
    }),
    201,
  );
  const joined = await inviteAndJoin(operator, "admin", {
    email: `hostile-${randomBytes(4).toString("hex")}@example.com`,
    path: `/api/settings/team?tenant_id=${tenant.id}`,
  });
  admin = await DashboardSession.signIn(joined.email, joined.password);
});

afterAll(async () => {
  await CliRun.stopAll();
  await new Promise((resolve) => upstream?.close(resolve));
});

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe("an upstream's error text is data", () => {
  it("the dashboard answers 502 upstream_error with its own link and no control character", async () => {
    const response = await fetch(`${base()}/api/challenges`, {
      method: "POST",
      headers: { cookie: admin.cookie, origin: base(), "content-type": "application/json" },
      body: "{}",
    });
    const text = await response.text();
    expect(response.status).toBe(502);
    expect(CONTROL.test(JSON.stringify(JSON.parse(text)))).toBe(false);
    expect(CONTROL.test(text.replace(/\\u[0-9a-f]{4}/g, ""))).toBe(false);
    const body = errorBodySchema.parse(JSON.parse(text));
    expect(body.error).toBe("upstream_error");
    expect(body.documentation_uri).toBe(`${base()}/docs/errors#upstream_error`);
    expect(JSON.stringify(body)).not.toContain("forged");
  });

  it("the request log row's code is upstream_error; its body keeps the original, escaped", async () => {
    const rowOf = async () => {
      const page = parse(requestLogPageSchema, await admin.request("GET", "/api/request-logs?source=dashboard&limit=20"), 200);
      return page.data.find((r) => r.path === "/svc/v1/challenges");
    };
    // rows are written once the answer went
    await expect.poll(rowOf, { timeout: 10_000 }).toBeDefined();
    const found = await rowOf();
    expect(found?.error_code).toBe("upstream_error");
    const detail = parse(requestLogDetailSchema, await admin.request("GET", `/api/request-logs/${found?.id}`), 200);
    expect(detail.response_body).toContain("\\u001b[2J");
    expect(detail.response_body?.includes(ESC)).toBe(false);
  });

  it("the command line prints a stored webhook's hostile event type as visible escapes", async () => {
    const raw = JSON.stringify({ event: `exchange.executed${ESC}[2J\r\nforged line`, payload: { exchange_id: null } });
    const stored = await http("POST", tenant.webhook_url.replace(/^https?:\/\/[^/]+/, base()), {
      raw,
      headers: { "content-type": "application/json", "x-signature-256": signBody(raw, tenant.webhook_secret) },
    });
    expect(stored.status).toBe(200);
    const key = parse(
      apiKeyCreatedSchema,
      await admin.request("POST", "/api/settings/api-keys", { name: "hostile cli", scopes: ["read"] }),
      201,
    ).key;
    const run = CliRun.start(["events", "list", "--limit", "5"], {
      XDG_CONFIG_HOME: configHome(),
      EXCHANGE_DASHBOARD_URL: base(),
      EXCHANGE_DASHBOARD_API_KEY: key,
    });
    expect(await run.exited).toBe(0);
    expect(run.stdout).toContain("exchange.executed\\u001b[2J\\u000d\\u000aforged line");
    expect(CONTROL.test(run.stdout.replace(/\n/g, ""))).toBe(false);
  });
});
