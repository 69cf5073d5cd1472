import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { ApiError } from "@/lib/errors";
import { resendDelivery } from "@/lib/sandbox/outbox/deliver";
import { idParam } from "@/lib/sandbox/params";
import { deliveryById } from "@/lib/sandbox/operator/list-deliveries";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/deliveries/{id}/resend – deliver again now
export const POST = operatorRoute(async ({ db, params }) => {
  const id = idParam(params.id, "delivery");
  if (!(await deliveryById(db, id))) throw new ApiError("not_found", "No such delivery");
  if (!(await resendDelivery(db, id))) throw new ApiError("conflict", "The delivery is being attempted right now");
  return json(await deliveryById(db, id));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
