import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { searchQuerySchema, type SearchResult } from "@/lib/dashboard/contract/events-api";
import { search } from "@/lib/dashboard/search/search";

export const dynamic = "force-dynamic";

// GET /api/search?q= – an id or its first hex digits, creditor reference, txid, address, payment hash, invoice,
// node pubkey, amount or team member's email → the objects it names
export const GET = apiRoute({}, async ({ req, db, tenant, user }) => {
  const { q } = parseOrThrow(searchQuerySchema, searchParams(req));
  return Response.json((await search(db, tenant, q, user.role)) satisfies SearchResult);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
