import { publicRoute } from "@/lib/dashboard/api/public-route";
import { loadPublicView } from "@/lib/dashboard/payout-links/load-view";
import { otherMethods } from "@/lib/dashboard/api/route";

export const dynamic = "force-dynamic";

// GET /api/pay/{token} (public) – the payout page's data; GET upstream renews expired offers
export const GET = publicRoute(async ({ db, params }) =>
  Response.json(await loadPublicView(db, params.token ?? ""), { headers: { "Cache-Control": "no-store" } }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
