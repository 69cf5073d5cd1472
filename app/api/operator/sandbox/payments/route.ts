import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { paymentSchema } from "@/lib/service-api/operator-contract";
import { consoleSimulator } from "@/lib/dashboard/simulator/simulator";

export const dynamic = "force-dynamic";

// POST /api/operator/sandbox/payments → POST /sandbox/operator/payments (into any order, by id or creditor reference)
export const POST = apiRoute({ roles: ["operator"], scope: "global", mutation: "sandbox.payment" }, async ({ req, audit }) => {
  const input = await readJson(req, paymentSchema);
  audit.target = input.order_id ?? input.creditor_reference ?? null;
  return Response.json(await consoleSimulator().pay(input), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
