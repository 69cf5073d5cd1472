import "server-only";
import { searchQuerySchema, searchResultSchema, type SearchResult } from "@/lib/dashboard/contract/events-api";
import { search } from "@/lib/dashboard/search/search";
import { endpoint } from "../endpoint";

// The header's search: whatever names an order or exchange, taken for what it looks like.

// GET /api/search?q= – an id or its first hex digits, creditor reference, txid, address, payment hash, invoice,
// node pubkey, amount or team member's email → the objects it names
export const searchObjects = endpoint({
  method: "GET",
  path: "/search",
  access: {},
  query: searchQuerySchema,
  doc: {
    operationId: "search",
    summary: "Find an order or exchange by what names it",
    description:
      "An order or exchange id, a creditor reference, a txid or payment hash, a bitcoin address, a Lightning invoice or a " +
      "node's public key: the text is taken for what it looks like (`matched_as`), and the tenant's matching objects listed.",
    tag: "orders",
    success: { status: 200, description: "What the text was taken for, and the matches", schema: searchResultSchema },
    errors: ["unauthorized", "invalid_request", "upstream_unavailable", "upstream_invalid_response", "upstream_timeout"],
  },
  handler: async ({ db, tenant, user, query }) => Response.json((await search(db, tenant, query.q, user.role)) satisfies SearchResult),
});

export const searchEndpoints = [searchObjects];
