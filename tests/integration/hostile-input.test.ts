import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { request as httpRequest } from "node:http";
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { errorBodySchema } from "@/lib/service-api/schemas";
import { errorCode, http } from "./harness/api";
import { DashboardSession } from "./harness/dashboard";
import { eventBody } from "./harness/events";

const base = () => inject("baseUrl");
let admin: DashboardSession;
beforeAll(async () => {
  admin = await DashboardSession.signIn("affiliate@example.com");
});

/** The app's resident memory (kB), and its peak since the last reset. */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/**
 * Streams `totalBytes` with chunked transfer encoding (no Content-Length) until the server
 * answers; resolves with that answer and how much was written.
 */
function chunkedFlood(url: string, totalBytes: number, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    let written = 0;
    let answered = false;
    const req = httpRequest(
      url,
      { method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked", ...headers } },
      (res) => {
        answered = true;
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, written });
        });
      },
    );
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && written < totalBytes) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("request bodies are read with a cap", () => {
  it.each([
    ["/webhook", 1024 * 1024, {}],
    ["/api/orders", 64 * 1024, "session"],
    ["/sandbox/v1/orders", 64 * 1024, "client"],
  ] as const)(
    "a chunked 300 MB POST to %s is refused with 413 at the cap; the server's memory grows by less than 16 MiB",
    async (path, cap, auth) => {
      const pid = inject("appPid");
      const headers: Record<string, string> =
        auth === "session"
          ? { cookie: admin.cookieHeader, origin: base() }
          : auth === "client"
            ? { authorization: `client_id ${inject("demoClientId")}` }
            : {};
      const before = memory(pid);
      writeFileSync(`/proc/${pid}/clear_refs`, "5"); // resets the peak (VmHWM) to the current size
      const reply = await chunkedFlood(`${base()}${path}`, 300 * 1024 * 1024, headers);
      expect(reply.status).toBe(413);
      expect(errorBodySchema.parse(JSON.parse(reply.body)).error).toBe("payload_too_large");
      expect(reply.written).toBeLessThan(300 * 1024 * 1024); // it stopped reading long before the end
      expect(reply.written).toBeGreaterThan(cap);
      const grew = (memory(pid).peak - before.rss) / 1024;
      expect(grew, `peak memory grew by ${grew.toFixed(1)} MiB`).toBeLessThan(16);
    },
    60_000,
  );
});

describe("a long User-Agent", () => {
  /** The server process's CPU time so far, in seconds (utime + stime of /proc/<pid>/stat). */
  const cpuSeconds = (pid: number) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };

  it("twenty page requests with a 16 KB User-Agent cost the server under a second of CPU (the bot test was quadratic: 3.4 s)", async () => {
    const pid = inject("appPid");
    const agent = "A".repeat(16_000);
    const before = cpuSeconds(pid);
    for (let i = 0; i < 20; i++) expect((await http("GET", `${base()}/login`, { headers: { "user-agent": agent } })).status).toBe(200);
    expect(cpuSeconds(pid) - before).toBeLessThan(1);
  });
});

describe("rejected webhooks are counted, not stored one by one", () => {
  it("200 bad signatures add one row per endpoint, reason and hour, with a truncated sample", async () => {
    const rejections = async () =>
      (
        (await admin.request("GET", "/api/webhooks/rejections")).body as {
          data: { endpoint: string; reason: string; count: number; sample: string; last_correlation_id: string }[];
        }
      ).data.filter((r) => r.endpoint === "/webhook" && r.reason === "invalid signature");
    const total = async () => (await rejections()).reduce((sum, r) => sum + r.count, 0);
    const before = await total();
    const big = JSON.stringify({ event: "exchange.executed", payload: { padding: "x".repeat(100_000) } });
    let last = "";
    for (let i = 0; i < 200; i++) {
      last = randomUUID();
      const reply = await http("POST", `${base()}/webhook`, {
        raw: big,
        headers: { "content-type": "application/json", "x-signature-256": `sha256=${"0".repeat(64)}`, "x-correlation-id": last },
      });
      expect([reply.status, errorCode(reply)]).toEqual([401, "unauthorized"]);
    }
    expect((await total()) - before).toBe(200);
    const rows = await rejections();
    expect(rows.length).toBeLessThanOrEqual(2); // this hour, and the last one when the loop crossed the hour
    expect(rows[0]?.sample.length).toBeLessThanOrEqual(512);
    expect(rows[0]?.last_correlation_id).toBe(last);
    expect((await (await DashboardSession.signIn("viewer@example.com")).request("GET", "/api/webhooks/rejections")).status).toBe(403);
  });
});

describe("cookies", () => {
  it("an unparseable cookie of another name is no session: 401 on /api, the sign-in page renders", async () => {
    for (const cookie of ["x=%", "x=%E0%A4%A", "=%; y", "next-auth.session-token=%"]) {
      const api = await http("GET", `${base()}/api/orders`, { headers: { cookie } });
      expect([cookie, api.status, errorCode(api)]).toEqual([cookie, 401, "unauthorized"]);
      const login = await fetch(`${base()}/login`, { headers: { cookie } });
      expect([cookie, login.status]).toEqual([cookie, 200]);
    }
  });

  it("a valid session beside an unparseable cookie still works", async () => {
    const reply = await http("GET", `${base()}/api/orders`, { headers: { cookie: `x=%; ${admin.cookieHeader}; y=%zz` } });
    expect(reply.status).toBe(200);
  });
});

describe("unknown paths, methods and malformed paths answer JSON errors", () => {
  it.each([
    ["GET", "/sandbox/v1/orders", 405, "POST, OPTIONS"],
    ["GET", "/sandbox/v1/orders/", 405, "POST, OPTIONS"],
    ["DELETE", "/sandbox/v1/exchanges/00000000-0000-4000-8000-000000000000", 405, "GET, PATCH, HEAD, OPTIONS"],
    ["GET", "/sandbox/v2/orders", 404, null],
    ["DELETE", "/api/orders", 405, "GET, POST, HEAD, OPTIONS"],
    ["PUT", "/api/health", 405, "GET, HEAD, OPTIONS"],
    ["GET", "/api/nothing/here", 404, null],
    ["GET", "/webhook", 405, "POST, OPTIONS"],
    ["PUT", "/api/exchanges/%E0%A4%A/payout-link", 400, null],
    ["GET", "/sandbox/v1/orders/%E0%A4%A", 400, null],
  ] as const)("%s %s → %i", async (method, path, status, allow) => {
    const reply = await http(method, `${base()}${path}`, { headers: { origin: base() } });
    expect(reply.status).toBe(status);
    expect(errorCode(reply)).toBe({ 400: "invalid_request", 404: "not_found", 405: "method_not_allowed" }[status]);
    expect(reply.headers.get("allow")).toBe(allow);
  });
});

describe("Cache-Control: no-store on every /api answer", () => {
  it.each([
    ["/api/orders"],
    ["/api/exchanges"],
    ["/api/overview"],
    ["/api/audit"],
    ["/api/auth/session"],
    ["/api/auth/csrf"],
    ["/api/health"],
    ["/api/orders/not-an-id"],
  ])("%s", async (path) => {
    const reply = await admin.request("GET", path);
    expect(reply.headers.get("cache-control")).toMatch(/no-store/);
  });
});

describe("the caller's address (TRUSTED_PROXY_HOPS=1 here: the suite is the proxy)", () => {
  it("addresses a client claims in front of the proxy's entry change nothing: the public payout limit still applies", async () => {
    // the public pages allow bursts of 60 requests per address, then 10 a second
    const proxySaw = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        http("GET", `${base()}/api/pay/AAAAAAAAAAAAAAAAAAAAAA`, { headers: { "x-forwarded-for": `10.9.${i}.1, ${proxySaw}` } }).then(
          (r) => r.status,
        ),
      ),
    );
    const limited = statuses.filter((s) => s === 429).length;
    expect(statuses.filter((s) => s === 404).length).toBeLessThan(80);
    expect(limited).toBeGreaterThan(20);
  });
});

describe("POST /webhook", () => {
  it("answers a stored event with its tenant cursor, never the internal row id", async () => {
    const body = eventBody("exchange.refunded");
    const reply = await http("POST", `${base()}/webhook`, {
      raw: body,
      headers: {
        "content-type": "application/json",
        "x-signature-256": `sha256=${createHmac("sha256", inject("webhookSecret")).update(body).digest("hex")}`,
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ received: true, seq: expect.any(Number) });
    expect(reply.body).not.toHaveProperty("id");
  });
});
