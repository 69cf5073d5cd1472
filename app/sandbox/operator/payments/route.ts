import { json, operatorRoute, otherMethods, readJson } from "@/lib/sandbox/http";
import { parseOrThrow } from "@/lib/errors";
import { paymentSchema, simulatePayment } from "@/lib/sandbox/exchanges/simulate-payment";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/payments – a simulated bank payment into an order
export const POST = operatorRoute(async ({ req, db }) => {
  const input = parseOrThrow(paymentSchema, await readJson(req));
  return json(await simulatePayment(db, input), 201);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
