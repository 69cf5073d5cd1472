import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { driveExchange } from "@/lib/sandbox/exchanges/drive-exchange";
import { driveEventSchema } from "@/lib/service-api/operator-contract";
import { idParam } from "@/lib/sandbox/params";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/exchanges/{id}/events – drive the simulated bank, chain and network
export const POST = operatorRoute(async ({ req, db, params }) => {
  const id = idParam(params.id, "exchange");
  const event = await readJson(req, driveEventSchema);
  return json(await driveExchange(db, id, event));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
