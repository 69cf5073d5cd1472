import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { simulatePayment } from "@/lib/sandbox/exchanges/simulate-payment";
import { paymentSchema } from "@/lib/service-api/operator-contract";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/payments – a simulated bank payment into an order
export const POST = operatorRoute(async ({ req, db }) => {
  const input = await readJson(req, paymentSchema);
  return json(await simulatePayment(db, input), 201);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
