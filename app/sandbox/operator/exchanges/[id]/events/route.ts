import { json, operatorRoute, otherMethods, readJson } from "@/lib/sandbox/http";
import { parseOrThrow } from "@/lib/errors";
import { driveEventSchema, driveExchange } from "@/lib/sandbox/exchanges/drive-exchange";
import { idParam } from "@/lib/sandbox/params";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/exchanges/{id}/events – drive the simulated bank, chain and network
export const POST = operatorRoute(async ({ req, db, params }) => {
  const id = idParam(params.id, "exchange");
  const event = parseOrThrow(driveEventSchema, await readJson(req));
  return json(await driveExchange(db, id, event));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
