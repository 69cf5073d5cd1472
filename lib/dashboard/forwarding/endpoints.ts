import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { forwardingEndpoints, jobs } from "@/lib/db/schema";
import { decryptSecret, encryptSecret } from "@/lib/dashboard/auth/encryption";
import type { Endpoint, EndpointCreateBody, EndpointUpdateBody, EndpointWithSecret } from "@/lib/dashboard/contract/forwarding-api";
import { ApiError } from "@/lib/errors";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { checkEndpointUrl } from "./target";

// A tenant's forwarding endpoints: created with a signing secret (shown once), edited, rotated
// with an overlap during which deliveries carry both signatures, and deleted with their
// deliveries. At most MAX_ENDPOINTS per tenant.

const MAX_ENDPOINTS = 20;
const DEFAULT_OVERLAP_HOURS = 24;

type Row = typeof forwardingEndpoints.$inferSelect;

/** A Standard Webhooks secret: whsec_ and 24 random bytes in base64. */
export const newSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/** The secrets that sign a delivery now: the current one, and the previous one during its overlap. */
export function signingSecrets(row: Pick<Row, "secretEnc" | "previousSecretEnc" | "previousSecretExpiresAt">, now = new Date()): string[] {
  const current = decryptSecret(row.secretEnc);
  const previous =
    row.previousSecretEnc && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? decryptSecret(row.previousSecretEnc) : null;
  return previous ? [current, previous] : [current];
}

async function health(db: Db, ids: string[]): Promise<Map<string, Endpoint["health"]>> {
  const out = new Map<string, Endpoint["health"]>();
  if (ids.length === 0) return out;
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const recent = sql`a.endpoint_id = e.id AND a.started_at > now() - interval '24 hours'`;
  const succeeded = sql`a.status_code BETWEEN 200 AND 299 AND a.error IS NULL`;
  const result = (await db.execute(sql`
    SELECT e.id,
      (SELECT count(*)::int FROM forwarding_attempts a WHERE ${recent}) AS attempts,
      (SELECT count(*)::int FROM forwarding_attempts a WHERE ${recent} AND ${succeeded}) AS successes,
      (SELECT max(a.started_at) FROM forwarding_attempts a WHERE a.endpoint_id = e.id AND ${succeeded}) AS last_success,
      (SELECT count(*)::int FROM jobs j WHERE j.subject_id = e.id AND j.status = 'pending') AS pending
    FROM forwarding_endpoints e WHERE e.id IN (${idList})
  `)) as { rows: { id: string; attempts: number; successes: number; last_success: Date | string | null; pending: number }[] };
  for (const row of result.rows) {
    const attempts = Number(row.attempts);
    out.set(row.id, {
      success_rate_24h: attempts === 0 ? null : Number(row.successes) / attempts,
      attempts_24h: attempts,
      last_success_at: row.last_success ? new Date(row.last_success).toISOString() : null,
      failing_since: null,
      pending: Number(row.pending),
    });
  }
  return out;
}

function view(row: Row, h: Endpoint["health"] | undefined): Endpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    previous_secret_expires_at:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? row.previousSecretExpiresAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    health: {
      ...(h ?? { success_rate_24h: null, attempts_24h: 0, last_success_at: null, pending: 0 }),
      failing_since: row.failingSince?.toISOString() ?? null,
    },
  };
}

export async function listEndpoints(db: Db, tenant: Tenant): Promise<Endpoint[]> {
  const rows = await db
    .select()
    .from(forwardingEndpoints)
    .where(eq(forwardingEndpoints.tenantId, tenant.id))
    .orderBy(forwardingEndpoints.createdAt);
  const h = await health(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => view(r, h.get(r.id)));
}

/** The tenant's endpoint `id`, or 404. */
export async function endpointRow(db: Db, tenant: Tenant, id: string): Promise<Row> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ApiError("not_found", "No such forwarding endpoint");
  const [row] = await db
    .select()
    .from(forwardingEndpoints)
    .where(and(eq(forwardingEndpoints.tenantId, tenant.id), eq(forwardingEndpoints.id, id)));
  if (!row) throw new ApiError("not_found", "No such forwarding endpoint");
  return row;
}

export async function getEndpoint(db: Db, tenant: Tenant, id: string): Promise<Endpoint> {
  const row = await endpointRow(db, tenant, id);
  return view(row, (await health(db, [row.id])).get(row.id));
}

export async function createEndpoint(db: Db, tenant: Tenant, body: EndpointCreateBody): Promise<EndpointWithSecret> {
  const url = await checkEndpointUrl(body.url);
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(forwardingEndpoints)
    .where(eq(forwardingEndpoints.tenantId, tenant.id));
  if (Number(n) >= MAX_ENDPOINTS) throw new ApiError("conflict", `A tenant has at most ${MAX_ENDPOINTS} forwarding endpoints`);
  const secret = newSecret();
  const now = new Date();
  const [row] = await db
    .insert(forwardingEndpoints)
    .values({
      id: randomUUID(),
      tenantId: tenant.id,
      url,
      description: body.description ?? "",
      eventTypes: body.event_types ?? null,
      enabled: true,
      secretEnc: encryptSecret(secret),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return { ...view(row, undefined), secret };
}

export async function updateEndpoint(db: Db, tenant: Tenant, id: string, body: EndpointUpdateBody): Promise<Endpoint> {
  const row = await endpointRow(db, tenant, id);
  const url = body.url === undefined ? row.url : await checkEndpointUrl(body.url);
  const enabling = body.enabled === true && !row.enabled;
  await db
    .update(forwardingEndpoints)
    .set({
      url,
      description: body.description ?? row.description,
      eventTypes: body.event_types === undefined ? row.eventTypes : body.event_types,
      enabled: body.enabled ?? row.enabled,
      // enabled again by hand: a fresh start for the 5 days, and the reason is history
      ...(enabling ? { failingSince: null, disabledReason: null, disabledAt: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(forwardingEndpoints.id, row.id));
  return getEndpoint(db, tenant, id);
}

/** Deletes the endpoint, its deliveries and their attempts. */
export async function deleteEndpoint(db: Db, tenant: Tenant, id: string): Promise<void> {
  const row = await endpointRow(db, tenant, id);
  await db.transaction(async (tx) => {
    await tx.delete(jobs).where(and(eq(jobs.subjectId, row.id), inArray(jobs.kind, ["forward"])));
    await tx.delete(forwardingEndpoints).where(eq(forwardingEndpoints.id, row.id));
  });
}

/** A new secret, shown once; the old one keeps signing too for `overlapHours`. */
export async function rotateEndpointSecret(
  db: Db,
  tenant: Tenant,
  id: string,
  overlapHours = DEFAULT_OVERLAP_HOURS,
): Promise<EndpointWithSecret> {
  const row = await endpointRow(db, tenant, id);
  const secret = newSecret();
  const now = new Date();
  await db
    .update(forwardingEndpoints)
    .set({
      secretEnc: encryptSecret(secret),
      previousSecretEnc: overlapHours > 0 ? row.secretEnc : null,
      previousSecretExpiresAt: overlapHours > 0 ? new Date(now.getTime() + overlapHours * 3_600_000) : null,
      updatedAt: now,
    })
    .where(eq(forwardingEndpoints.id, row.id));
  return { ...(await getEndpoint(db, tenant, id)), secret };
}
