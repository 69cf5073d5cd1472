import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { clientCreateSchema, createClient, listClients } from "@/lib/sandbox/operator/clients";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/clients
export const POST = operatorRoute(async ({ req, db }) => {
  const input = await readJson(req, clientCreateSchema);
  return json(await createClient(db, input), 201);
});

// GET /sandbox/operator/clients
export const GET = operatorRoute(async ({ db }) => json(await listClients(db)));

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
