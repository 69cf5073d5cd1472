import "server-only";
import { z } from "zod";
import { lightningAddressListSchema, lightningAddressSchema, lnurlStatusSchema } from "@/lib/service-api/operator-contract";
import { lnurlPayInvoiceSchema, lnurlPayRequestSchema } from "@/lib/lightning/lightning-address";
import { json } from "../http";
import { endpoint } from "../endpoint";
import { operatorErrors } from "../error-sets";
import { lnurlResponses } from "../lnurl/endpoints";
import {
  lightningAddressCreateSchema,
  listLightningAddresses,
  payRequest,
  payRequestCallback,
  registerLightningAddress,
} from "./lightning-addresses";

// The sandbox's test Lightning Addresses: registered by the operator, answered to wallets (LUD-16).

// POST /sandbox/operator/lightning-addresses – 201 when new, 200 when the same name and key exist
export const registerLightningAddressEndpoint = endpoint({
  method: "POST",
  path: "/operator/lightning-addresses",
  access: "operator",
  body: { schema: lightningAddressCreateSchema, example: { name: "alice", node_private_key: "11".repeat(32) } },
  doc: {
    operationId: "registerLightningAddress",
    summary: "Register a test Lightning Address",
    description:
      "name@<the sandbox's host> then answers LUD-16 at `/.well-known/lnurlp/{name}` and mints invoices signed with the key, " +
      "so a test can pay an order's node through its address. The same name with the same key again answers 200; with another key 409.",
    tag: "operator",
    success: { status: 201, description: "The address (its key is never shown)", schema: lightningAddressSchema },
    errors: [...operatorErrors, "conflict"],
  },
  handler: async ({ db, body }) => {
    const { created, address } = await registerLightningAddress(db, body);
    return json(address, created ? 201 : 200);
  },
});

// GET /sandbox/operator/lightning-addresses
export const listLightningAddressesEndpoint = endpoint({
  method: "GET",
  path: "/operator/lightning-addresses",
  access: "operator",
  doc: {
    operationId: "listLightningAddresses",
    summary: "List test Lightning Addresses",
    description: "Every registered address by name, without keys.",
    tag: "operator",
    success: { status: 200, description: "The addresses", schema: lightningAddressListSchema },
    errors: ["unauthorized"],
  },
  handler: async ({ db }) => json(await listLightningAddresses(db)),
});

// LUD-16: name@<the sandbox's host> resolves to /.well-known/lnurlp/{name} at the host's root,
// which next.config.ts rewrites here. The sandbox's test Lightning Addresses answer a LUD-06
// payRequest (404 when the sandbox is off or the name is unknown).
export const lnurlPayEndpoint = endpoint({
  method: "GET",
  path: "/.well-known/lnurlp/{name}",
  access: "lnurl",
  doc: {
    operationId: "lnurlPay",
    summary: "A test Lightning Address's payRequest (LUD-16, LUD-06)",
    description: "Also served at the root of the sandbox's host, where `name@host` resolves. 404 for an unknown name.",
    tag: "lnurl",
    pathParams: { name: "The address's name" },
    success: { status: 200, description: "The payRequest", schema: lnurlPayRequestSchema },
    errors: [],
    responses: {
      "404": {
        description: "No such address, or the sandbox is switched off",
        content: {
          "application/json": {
            schema: { $ref: "#/components/schemas/LnurlStatus" },
            examples: {
              unknown: {
                summary: "No such address",
                value: { status: "ERROR", reason: "not_found: No Lightning Address nobody@sandbox.example" },
              },
            },
          },
        },
      },
    },
  },
  handler: ({ db, params }) => payRequest(db, params.name ?? ""),
});

// LUD-06 callback of a test Lightning Address: ?amount=<msat> → {pr, routes}
export const lnurlPayCallbackEndpoint = endpoint({
  method: "GET",
  path: "/lnurlp/{name}/callback",
  access: "lnurl",
  doc: {
    operationId: "lnurlPayCallback",
    summary: "A test Lightning Address's invoice for an amount",
    description:
      "An invoice for exactly `amount`, signed with the address's node key, committing to the payRequest's metadata " +
      "(description hash); valid 10 minutes.",
    tag: "lnurl",
    pathParams: { name: "The address's name" },
    query: z.object({ amount: z.string().meta({ description: "Millisatoshis, between minSendable and maxSendable" }) }),
    success: {
      status: 200,
      description: "`{pr, routes}`, or `{status: ERROR, reason}`",
      schema: z.union([lnurlPayInvoiceSchema, lnurlStatusSchema]),
    },
    errors: [],
    responses: lnurlResponses,
  },
  handler: ({ db, params, url }) => payRequestCallback(db, params.name ?? "", url.searchParams.get("amount")),
});
