import { json, operatorRoute, otherMethods, readJson } from "@/lib/sandbox/http";
import { parseOrThrow } from "@/lib/errors";
import { clientCreateSchema, createClient } from "@/lib/sandbox/operator/clients";

export const dynamic = "force-dynamic";

// POST /sandbox/operator/clients
export const POST = operatorRoute(async ({ req, db }) => {
  const input = parseOrThrow(clientCreateSchema, await readJson(req));
  return json(await createClient(db, input), 201);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
