import { randomBytes, randomUUID } from "node:crypto";
import { HDKey } from "@scure/bip32";
import { createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { MASK, requestLogDetailSchema, requestLogPageSchema, type RequestLogItem } from "@/lib/dashboard/contract/request-logs-api";
import { http, parse, sandboxUrl } from "./harness/api";
import { DashboardSession } from "./harness/dashboard";

// Masking by meaning, not by name alone: every family of secret a probe planted in the sandbox's
// request log (headers, query values, body fields, values that look like keys whatever their
// field, JSON inside a string, a form, text) is searched for in every answer that shows a row:
// the lists and details of the tenant's admin and viewer, and the operator's, who sees whole
// rows. The caller's client_id is in none of them. A viewer reads only the headers of a short list.

const mark = randomBytes(6).toString("hex");
/** A secret of this run: the search finds exactly these. */
const planted = (name: string) => `planted-${name}-${mark}`;

// BIP-32 test vector 1's seed (github.com/bitcoin/bips, bip-0032.mediawiki), BIP-39's first English vector
const seed = Buffer.from(`000102030405060708090a0b0c0d0e0f`, "hex");
const xprv = HDKey.fromMasterSeed(seed).privateExtendedKey;
const tprv = HDKey.fromMasterSeed(randomBytes(16), { private: 0x04358394, public: 0x043587cf }).privateExtendedKey;
const wif = createBase58check(sha256).encode(Uint8Array.from([0xef, ...randomBytes(32), 0x01]));
const mnemonic = `${"abandon ".repeat(11)}about`;
const claims = Buffer.from(JSON.stringify({ sub: mark })).toString("base64url");
const jwt = `eyJhbGciOiJIUzI1NiJ9.${claims}.${randomBytes(32).toString("base64url")}`;

/** Every planted value, as it was sent and as a query or form would encode it. */
const secrets = [
  planted("private-key"),
  planted("forwarded"),
  planted("k1"),
  planted("passphrase"),
  planted("secret-key"),
  planted("wif-field"),
  planted("signing"),
  planted("json-password"),
  planted("form-password"),
  xprv,
  tprv,
  wif,
  mnemonic,
  jwt,
];

let admin: DashboardSession;
let viewer: DashboardSession;
let operator: DashboardSession;
const clientId = () => inject("demoClientId");
const requestIds: string[] = [];

/** A call to the sandbox with the demo client, under a request id of our own. */
async function call(method: string, path: string, options: { raw?: string; headers?: Record<string, string> } = {}) {
  const requestId = `mask-${randomUUID()}`;
  requestIds.push(requestId);
  await http(method, `${sandboxUrl()}${path}`, {
    raw: options.raw,
    headers: { authorization: `client_id ${clientId()}`, "x-request-id": requestId, ...options.headers },
  });
  return requestId;
}

beforeAll(async () => {
  [admin, viewer, operator] = await Promise.all([
    DashboardSession.signIn("affiliate@example.com"),
    DashboardSession.signIn("viewer@example.com"),
    DashboardSession.signIn("operator@example.com"),
  ]);
  const json = { "content-type": "application/json" };
  // headers a name list missed: the client id itself, a private key, a one-time code, a forwarded credential
  await call("POST", "/v1/challenges", {
    raw: "{}",
    headers: {
      ...json,
      "x-client-id": clientId(),
      "x-private-key": planted("private-key"),
      "x-totp": "482913",
      "x-forwarded-authorization": `Bearer ${planted("forwarded")}`,
      "x-note": "a header a viewer may not read",
    },
  });
  // query fields: k1, a passphrase, a secret key, and keys by their look under any name
  const query = new URLSearchParams({
    k1: planted("k1"),
    passphrase: planted("passphrase"),
    secret_key: planted("secret-key"),
    note: xprv,
    who: clientId(),
  });
  await call("GET", `/v1/orders/${randomUUID()}?${query}`);
  // body fields by name, keys by their look, a password inside a JSON string, the client id in a value
  await call("POST", "/v1/orders", {
    raw: JSON.stringify({
      wif: planted("wif-field"),
      tprv,
      seed_phrase: mnemonic,
      totp_code: "482913",
      signing_key: planted("signing"),
      note: JSON.stringify({ password: planted("json-password"), amount: 5 }),
      memo: `paid with ${wif}, token ${jwt}`,
      echo: `client ${clientId()}`,
    }),
    headers: json,
  });
  // a form, and text that is not JSON
  await call("POST", "/v1/orders", {
    raw: `password=${planted("form-password")}&mnemonic=${encodeURIComponent(mnemonic)}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  await call("POST", "/v1/orders", { raw: `seed: ${mnemonic}; key ${xprv}`, headers: { "content-type": "text/plain" } });
});

/** The rows of these calls in a list, once written (rows are written after the answers went). */
async function rowsIn(session: DashboardSession, path: string): Promise<RequestLogItem[]> {
  const read = async () => {
    const page = parse(requestLogPageSchema, await session.request("GET", path), 200);
    return page.data.filter((row) => row.request_id !== null && requestIds.includes(row.request_id));
  };
  await expect.poll(async () => (await read()).length, { timeout: 10_000 }).toBe(requestIds.length);
  return read();
}

/** Every answer a reader gets of these rows: the list and each row's detail, as text. */
async function answers(session: DashboardSession, list: string, detail: (id: number) => string) {
  const rows = await rowsIn(session, list);
  const texts = [JSON.stringify(rows)];
  for (const row of rows) {
    const reply = await session.request("GET", detail(row.id));
    texts.push(JSON.stringify(parse(requestLogDetailSchema, reply, 200)));
  }
  return texts.join("\n");
}

const forms = (secret: string) => [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];

describe("the request log holds no planted secret, whatever its place", () => {
  it.each([
    ["the operator, who reads whole rows", () => operator, "/api/operator/request-logs?limit=100", "/api/operator/request-logs/"],
    ["the tenant's admin", () => admin, "/api/request-logs?source=integration&limit=100", "/api/request-logs/"],
    ["the tenant's viewer", () => viewer, "/api/request-logs?source=integration&limit=100", "/api/request-logs/"],
  ])("%s", async (_who, session, list, detail) => {
    const text = await answers(session(), list, (id) => `${detail}${id}`);
    for (const secret of [...secrets, clientId()]) {
      for (const form of forms(secret)) expect(text, `${secret.slice(0, 24)}… as ${form.slice(0, 24)}…`).not.toContain(form);
    }
    expect(text).toContain(MASK);
  });

  it("a viewer reads only the allowed headers; an admin reads the rest but credentials", async () => {
    const [challenge] = (await rowsIn(admin, "/api/request-logs?source=integration&limit=100")).filter(
      (row) => row.path === "/sandbox/v1/challenges",
    );
    expect(challenge).toBeDefined();
    const asAdmin = parse(requestLogDetailSchema, await admin.request("GET", `/api/request-logs/${challenge?.id}`), 200);
    const asViewer = parse(requestLogDetailSchema, await viewer.request("GET", `/api/request-logs/${challenge?.id}`), 200);
    expect(asAdmin.request_headers["x-note"]).toBe("a header a viewer may not read");
    expect(asViewer.request_headers["x-note"]).toBe(MASK);
    expect(asViewer.request_headers["content-type"]).toBe("application/json");
    for (const header of ["x-client-id", "x-private-key", "x-totp", "x-forwarded-authorization", "authorization"]) {
      expect(asAdmin.request_headers[header], header).toBe(MASK);
    }
  });

  it("a one-time code under a name that says so is masked; an amount is not", async () => {
    const rows = await rowsIn(admin, "/api/request-logs?source=integration&limit=100");
    const bodies = await Promise.all(
      rows
        .filter((row) => row.path === "/sandbox/v1/orders" && row.method === "POST")
        .map(async (row) => parse(requestLogDetailSchema, await admin.request("GET", `/api/request-logs/${row.id}`), 200).request_body),
    );
    const json = bodies.find((body) => body?.startsWith("{"));
    expect(JSON.parse(json ?? "null")).toMatchObject({ totp_code: MASK, seed_phrase: MASK, wif: MASK, tprv: MASK, signing_key: MASK });
    expect(JSON.parse((JSON.parse(json ?? "null") as { note: string }).note)).toEqual({ password: MASK, amount: 5 });
  });
});
