import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import type { PayoutLinkList } from "@/lib/dashboard/contract/dashboard-api";
import { ApiError } from "@/lib/errors";
import { pathId } from "@/lib/http/route-params";
import { isExchangeIndexed } from "@/lib/dashboard/exchanges/index-exchange";
import { listPayoutLinks } from "@/lib/dashboard/payout-links/link-list";

export const dynamic = "force-dynamic";

// GET /api/exchanges/{id}/payout-links – every link made for the exchange, newest first, with its
// state; an exchange the tenant has neither indexed nor made a link for is 404, whoever else knows it
export const GET = apiRoute({}, async ({ db, tenant, params }) => {
  const id = pathId("exchange", params.id);
  const data = await listPayoutLinks(db, tenant.id, id);
  if (data.length === 0 && !(await isExchangeIndexed(db, tenant.id, id))) throw new ApiError("not_found", "No such exchange");
  return Response.json({ data } satisfies PayoutLinkList);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
