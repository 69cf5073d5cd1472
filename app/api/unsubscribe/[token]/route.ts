import { publicRoute } from "@/lib/dashboard/api/public-route";
import { otherMethods } from "@/lib/dashboard/api/route";
import { ApiError } from "@/lib/errors";
import { unsubscribe } from "@/lib/dashboard/notifications/preferences";
import type { Unsubscribed } from "@/lib/dashboard/contract/account-links-api";

export const dynamic = "force-dynamic";

// POST /api/unsubscribe/{token} (public) – turns one category of one user's notifications off.
// A mail client's RFC 8058 one-click POST (List-Unsubscribe=One-Click) gets 200; the unsubscribe
// page's form (from=page) goes back to the page, which says it is done. Only POST changes
// anything: a link scanner's GET of the mail's links does not unsubscribe anyone.
export const POST = publicRoute(async ({ req, db, params }) => {
  const token = params.token ?? "";
  const form = await req.formData().catch(() => null);
  const done = await unsubscribe(db, token);
  if (!done) throw new ApiError("not_found", "This unsubscribe link is not valid");
  if (form?.get("from") === "page") {
    return new Response(null, { status: 303, headers: { Location: `/unsubscribe/${encodeURIComponent(token)}?done=1` } });
  }
  return Response.json({ unsubscribed: done.category } satisfies Unsubscribed);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
