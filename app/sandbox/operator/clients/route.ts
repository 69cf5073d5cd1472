import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { clientCreateSchema, createClient } from "@/lib/sandbox/operator/clients";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/clients
export const POST = operatorRoute(async ({ req, db }) => {
  const input = await readJson(req, clientCreateSchema);
  return json(await createClient(db, input), 201);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
