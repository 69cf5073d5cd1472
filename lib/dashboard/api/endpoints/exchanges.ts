import "server-only";
import { z } from "zod";
import { exchangeListQuerySchema, exchangePageSchema, storedEventsSchema } from "@/lib/dashboard/contract/dashboard-api";
import { exchangePayoutPatchSchema, exchangeSchema } from "@/lib/service-api/schemas";
import { serviceTime } from "@/lib/service-api/client";
import { ApiError } from "@/lib/errors";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { indexExchangeSnapshot, isExchangeIndexed } from "@/lib/dashboard/exchanges/index-exchange";
import { listExchanges } from "@/lib/dashboard/exchanges/list-exchanges";
import { readExchange } from "@/lib/dashboard/exchanges/read-exchange";
import { eventsOfExchange } from "@/lib/dashboard/events/event-store";
import { payoutErrors } from "@/lib/openapi/error-sets";
import { readJson } from "@/lib/http/read-body";
import { ownId } from "../ownership";
import { mutation, signedIn, upstream } from "../error-sets";
import { tenantQuery } from "../tenant-query";
import { endpoint } from "../endpoint";

// Exchanges as the service's webhooks made them known, with their latest snapshot, and their
// Lightning payouts (proxied to the service).

const tag = "exchanges";

// GET /api/exchanges – from the index
export const listIndexedExchanges = endpoint({
  method: "GET",
  path: "/exchanges",
  access: {},
  query: z.object({ ...exchangeListQuerySchema.shape, ...tenantQuery.shape }),
  doc: {
    operationId: "listExchanges",
    summary: "List exchanges",
    description:
      "The tenant's exchanges as webhooks made them known, each with its latest snapshot: newest first unless `sort` says " +
      "otherwise (executed: never executed ones last; amount: those without an amount last), first seen in the days of " +
      "`range` (in the tenant's time zone), with their count (`total`, capped at 10 000).",
    tag,
    success: { status: 200, description: "A page of exchanges", schema: exchangePageSchema },
    errors: [...signedIn, "invalid_request"],
  },
  handler: async ({ db, tenant, query }) =>
    Response.json(await listExchanges(db, tenant, query, { now: new Date(), serviceNow: serviceTime(tenant.baseUrl) })),
});

// GET /api/exchanges/{id} → GET /v1/exchanges/{id}. A snapshot a few seconds old that no webhook
// has overtaken answers at once (Cache-Control: no-cache asks upstream regardless); a fetched one
// is indexed, before answering when the exchange is new to the index, right after otherwise.
export const getExchange = endpoint({
  method: "GET",
  path: "/exchanges/{id}",
  access: {},
  ids: { id: "exchange" },
  doc: {
    operationId: "getExchange",
    summary: "Get an exchange",
    description:
      "A snapshot at most 2 s old that no stored webhook has overtaken; otherwise (or with `Cache-Control: " +
      "no-cache`) GET /v1/exchanges/{id}.",
    tag,
    success: { status: 200, description: "The exchange", schema: exchangeSchema },
    errors: [...signedIn, "not_found", ...upstream],
  },
  handler: async ({ req, db, tenant, ids }) => {
    const fresh = /no-cache/i.test(req.headers.get("cache-control") ?? "");
    const { exchange, cached } = await readExchange(db, tenant, ids.id, { fresh });
    return Response.json(exchange, cached ? { headers: { "X-Snapshot": "cached" } } : undefined);
  },
});

// PATCH /api/exchanges/{id} → PATCH /v1/exchanges/{id}: Lightning invoice or channel payout
export const requestPayout = endpoint({
  method: "PATCH",
  path: "/exchanges/{id}",
  access: { mutation: "exchanges.payout" },
  ids: { id: "exchange" },
  doc: {
    operationId: "requestPayout",
    summary: "Request a Lightning payout",
    description: "Proxies PATCH /v1/exchanges/{id} (admins only).",
    tag,
    // read once the exchange is known to be the tenant's, so that the audit log names it
    body: { schema: exchangePayoutPatchSchema, example: { payout: { type: "channel", private: false } } },
    success: { status: 200, description: "The exchange with its pending payout", schema: exchangeSchema },
    errors: [...mutation, "not_found", ...payoutErrors, ...upstream],
  },
  handler: async ({ req, db, tenant, ids, audit }) => {
    const id = await ownId(db, tenant.id, "exchange", ids.id);
    audit.target = id;
    const input = await readJson(req, exchangePayoutPatchSchema);
    const fetchedAt = new Date();
    const exchange = await upstreamFor(tenant).patchExchange(id, input);
    await indexExchangeSnapshot(db, tenant, exchange, fetchedAt);
    return Response.json(exchange);
  },
});

// GET /api/exchanges/{id}/events – oldest first; an exchange the tenant has neither indexed nor
// heard of is 404, whoever else knows it
export const listExchangeEvents = endpoint({
  method: "GET",
  path: "/exchanges/{id}/events",
  access: {},
  ids: { id: "exchange" },
  doc: {
    operationId: "listExchangeEvents",
    summary: "The exchange's webhook events",
    description: "Every stored webhook event of the exchange, oldest first, with its delivery headers and body.",
    tag,
    success: { status: 200, description: "The events", schema: storedEventsSchema },
    errors: [...signedIn, "not_found"],
  },
  handler: async ({ db, tenant, ids }) => {
    const events = await eventsOfExchange(db, tenant.id, ids.id);
    if (events.data.length === 0 && !(await isExchangeIndexed(db, tenant.id, ids.id))) throw new ApiError("not_found", "No such exchange");
    return Response.json(events);
  },
});

export const exchangeEndpoints = [listIndexedExchanges, getExchange, requestPayout, listExchangeEvents];
