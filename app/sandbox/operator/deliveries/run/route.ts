import { json, operatorRoute } from "@/lib/sandbox/http";
import { deliverDue } from "@/lib/sandbox/outbox/deliver";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/deliveries/run – deliver everything due now
export const POST = operatorRoute(async ({ db }) => json(await deliverDue(db)));
