import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import {
  lightningAddressCreateSchema,
  listLightningAddresses,
  registerLightningAddress,
} from "@/lib/sandbox/lightning-addresses/lightning-addresses";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/lightning-addresses – 201 when new, 200 when the same name and key exist
export const POST = operatorRoute(async ({ req, db }) => {
  const { created, address } = await registerLightningAddress(db, await readJson(req, lightningAddressCreateSchema));
  return json(address, created ? 201 : 200);
});

// GET /sandbox/operator/lightning-addresses
export const GET = operatorRoute(async ({ db }) => json(await listLightningAddresses(db)));

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
