import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { ApiError } from "@/lib/errors";
import { resendStoredEvent } from "@/lib/dashboard/forwarding/resend-event";

export const dynamic = "force-dynamic";

// POST /api/webhook-events/{seq}/resend – the stored webhook forwarded again to every enabled
// forwarding endpoint that wants its type (a new delivery each)
export const POST = apiRoute({ mutation: "forwarding.event.resend" }, async ({ db, tenant, params, audit }) => {
  const seq = /^[1-9]\d{0,15}$/.test(params.seq ?? "") ? Number(params.seq) : null;
  if (seq === null) throw new ApiError("not_found", "No such event");
  audit.target = String(seq);
  return Response.json(await resendStoredEvent(db, tenant, seq));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
