import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { sandboxAffiliates, sandboxClients, sandboxWebhookEndpoints } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import { clientNow, sandboxNow } from "../clock";

export const clientCreateSchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  client_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, "8-128 letters, digits, _ or -")
    .optional(),
});

export const webhookEndpointsSchema = z.strictObject({
  endpoints: z
    .array(
      z.strictObject({
        url: z.url({ protocol: /^https?$/ }).max(2048),
        secret: z.string().min(16, "at least 16 characters").max(256),
      }),
    )
    .max(10),
});

/** A client with two affiliate agreements, the first its default. */
export async function createClient(db: Db, input: z.infer<typeof clientCreateSchema>) {
  const clientId = input.client_id ?? `cl_${randomBytes(16).toString("hex")}`;
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(sandboxClients).where(eq(sandboxClients.clientId, clientId));
    if (existing) throw new ApiError("conflict", "A client with this client_id exists");
    // a new client's own clock is the shared one
    const now = await sandboxNow(tx);
    await tx.insert(sandboxClients).values({ clientId, name: input.name, createdOn: now });
    const affiliates = [
      { id: randomUUID(), clientId, name: `${input.name} – standard agreement`, isDefault: true },
      { id: randomUUID(), clientId, name: `${input.name} – partner agreement`, isDefault: false },
    ];
    await tx.insert(sandboxAffiliates).values(affiliates);
    return { client_id: clientId, name: input.name, affiliate_ids: affiliates.map((a) => a.id) };
  });
}

export async function replaceWebhookEndpoints(db: Db, clientId: string, input: z.infer<typeof webhookEndpointsSchema>) {
  return db.transaction(async (tx) => {
    const [client] = await tx.select().from(sandboxClients).where(eq(sandboxClients.clientId, clientId));
    if (!client) throw new ApiError("not_found", "No such client");
    const now = await clientNow(tx, clientId);
    await tx.delete(sandboxWebhookEndpoints).where(eq(sandboxWebhookEndpoints.clientId, clientId));
    const rows = input.endpoints.map((e) => ({ id: randomUUID(), clientId, url: e.url, secret: e.secret, createdOn: now }));
    if (rows.length > 0) await tx.insert(sandboxWebhookEndpoints).values(rows);
    // secrets are the client's own: never echoed back
    return { client_id: clientId, endpoints: rows.map((r) => ({ id: r.id, url: r.url })) };
  });
}

/** One endpoint's new secret: every later attempt (retries included) is signed with it. */
export async function setEndpointSecret(db: Db, id: string, secret: string) {
  const [row] = await db
    .update(sandboxWebhookEndpoints)
    .set({ secret })
    .where(eq(sandboxWebhookEndpoints.id, id))
    .returning({ id: sandboxWebhookEndpoints.id, client_id: sandboxWebhookEndpoints.clientId, url: sandboxWebhookEndpoints.url });
  if (!row) throw new ApiError("not_found", "No such webhook endpoint");
  return row;
}

// GET /sandbox/operator/clients – every client with its webhook endpoints (secrets never shown)
export async function listClients(db: Db) {
  const clients = await db.select().from(sandboxClients).orderBy(asc(sandboxClients.createdOn));
  const agreements = await db.select().from(sandboxAffiliates).orderBy(asc(sandboxAffiliates.name));
  const endpoints = await db
    .select({ id: sandboxWebhookEndpoints.id, url: sandboxWebhookEndpoints.url, clientId: sandboxWebhookEndpoints.clientId })
    .from(sandboxWebhookEndpoints)
    .orderBy(asc(sandboxWebhookEndpoints.createdOn));
  return {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      name: c.name,
      created_on: c.createdOn.toISOString(),
      // the default agreement first
      affiliate_ids: agreements
        .filter((a) => a.clientId === c.clientId)
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
        .map((a) => a.id),
      endpoints: endpoints.filter((e) => e.clientId === c.clientId).map((e) => ({ id: e.id, url: e.url })),
      clock_offset_seconds: Math.round(c.clockOffsetMs / 1000),
    })),
  };
}
