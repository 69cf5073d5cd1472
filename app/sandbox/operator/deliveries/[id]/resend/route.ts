import { eq } from "drizzle-orm";
import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { ApiError } from "@/lib/errors";
import { sandboxDeliveries } from "@/lib/db/schema";
import { resendDelivery } from "@/lib/sandbox/outbox/deliver";
import { idParam } from "@/lib/sandbox/params";
import { listDeliveries } from "@/lib/sandbox/operator/list-deliveries";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/deliveries/{id}/resend – deliver again now
export const POST = operatorRoute(async ({ db, params }) => {
  const id = idParam(params.id, "delivery");
  const [delivery] = await db.select().from(sandboxDeliveries).where(eq(sandboxDeliveries.id, id));
  if (!delivery) throw new ApiError("not_found", "No such delivery");
  if (!(await resendDelivery(db, id))) throw new ApiError("conflict", "The delivery is being attempted right now");
  const { deliveries } = await listDeliveries(db, undefined);
  return json(deliveries.find((d) => d.id === id) ?? { id });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
