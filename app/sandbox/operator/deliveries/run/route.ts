import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { deliverDue } from "@/lib/sandbox/outbox/deliver";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/deliveries/run – deliver everything due now
export const POST = operatorRoute(async ({ db }) => json(await deliverDue(db)));

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
