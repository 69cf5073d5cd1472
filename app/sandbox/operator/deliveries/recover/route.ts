import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { readJson } from "@/lib/http/read-body";
import { recoverRequestSchema } from "@/lib/service-api/operator-contract";
import { recoverDeliveries } from "@/lib/sandbox/outbox/deliver";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/deliveries/recover – queue every failed delivery of an endpoint since T again
export const POST = operatorRoute(async ({ req, db }) => {
  const input = await readJson(req, recoverRequestSchema);
  return json({ recovered: await recoverDeliveries(db, input.endpoint_id, new Date(input.since)) });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
