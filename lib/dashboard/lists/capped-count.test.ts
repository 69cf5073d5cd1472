import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { Database, Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import * as schema from "@/lib/db/schema";
import { listOrders } from "@/lib/dashboard/orders/list-orders";
import { ApiError } from "@/lib/errors";
import { COUNT_CAP } from "./keyset";

// A list's total: exact up to 10 000 rows, "10 000+" past them, over the rows its filters and
// range keep, whatever page is asked for.

let db: Db;
const tenant = { id: randomUUID(), timeZone: "Europe/Berlin" };

beforeAll(async () => {
  const client = await PGlite.create();
  db = drizzle({ client, schema }) as unknown as Db;
  await migrate({ db, exec: async (sql: string) => void (await client.exec(sql)) } as Database);
  await client.query(
    `INSERT INTO tenants (id, name, base_url, client_id_enc, webhook_secret_enc, webhook_endpoint_id, is_default, created_at)
     VALUES ($1::uuid, 'T', 'http://count.test', 'x', 'x', $1::text, false, now())`,
    [tenant.id],
  );
  // 10 003 orders a minute apart, the newest now; every third inactive, every 1 000th in gbp
  await client.query(
    `INSERT INTO orders (id, tenant_id, snapshot, active, currency, payout_kind, created_on, fetched_at)
     SELECT u, $1, jsonb_build_object('id', u), i % 3 <> 0, CASE WHEN i % 1000 = 0 THEN 'gbp' ELSE 'eur' END, 'coin',
       now() - i * interval '1 minute', now() FROM (SELECT gen_random_uuid() AS u, i FROM generate_series(0, 10002) i) s`,
    [tenant.id],
  );
}, 120_000);

describe("a list's total", () => {
  it("stops counting past 10 000 and says so", async () => {
    const page = await listOrders(db, tenant, { limit: 5 });
    expect(page).toMatchObject({ total: COUNT_CAP, total_exact: false });
    expect(page.data).toHaveLength(5);
    // the same on a later page: the total is of the list, not of what is left of it
    const next = await listOrders(db, tenant, { limit: 5, cursor: page.next_cursor });
    expect(next).toMatchObject({ total: COUNT_CAP, total_exact: false });
  });

  it("is exact under the cap, with a filter or a range", async () => {
    expect(await listOrders(db, tenant, { limit: 5, currency: "gbp" })).toMatchObject({ total: 11, total_exact: true });
    // today in Berlin: the orders since its midnight, at most a day of minutes
    const today = await listOrders(db, tenant, { limit: 5, range: "today" });
    expect(today.total_exact).toBe(true);
    expect(today.total).toBeGreaterThan(0);
    expect(today.total).toBeLessThanOrEqual(24 * 60 + 1);
    expect(await listOrders(db, tenant, { limit: 5, range: "custom", to: "2000-01-01" })).toMatchObject({
      data: [],
      total: 0,
      total_exact: true,
    });
  });
});

describe("a list's cursor", () => {
  const forged = (...values: string[]) => Buffer.from(JSON.stringify(values)).toString("base64url");

  it.each([
    ["not base64 JSON", "-created", "%%%"],
    ["another sort's", "-created", forged("state", "true", "2026-06-15 10:00:00+00", randomUUID())],
    ["a timestamp that is none", "-created", forged("-created", "yesterday", randomUUID())],
    ["an id that is none", "-created", forged("-created", "2026-06-15 10:00:00+00", "1; DROP TABLE orders")],
    ["a boolean that is none", "-state", forged("-state", "maybe", "2026-06-15 10:00:00+00", randomUUID())],
  ] as const)("%s is refused as a bad request, before the database sees it", async (_, sort, cursor) => {
    await expect(listOrders(db, tenant, { limit: 5, sort, cursor })).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.status === 400,
    );
  });

  it("takes its own next_cursor in every sort, and the same rows follow", async () => {
    for (const sort of ["created", "-created", "state", "-state"] as const) {
      const first = await listOrders(db, tenant, { limit: 3, sort });
      const second = await listOrders(db, tenant, { limit: 3, sort, cursor: first.next_cursor });
      const both = await listOrders(db, tenant, { limit: 6, sort });
      expect(
        [...first.data, ...second.data].map((o) => o.id),
        sort,
      ).toEqual(both.data.map((o) => o.id));
    }
  });
});
