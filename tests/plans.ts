// What the two tests of query plans share (lib/dashboard/list-plans.test.ts on PGlite, with sequential
// scans priced out; tests/postgres/plans.test.ts on PostgreSQL over generated data): the plan's
// nodes, and the rows of the smaller lists (a member's sign-ins, a forwarding endpoint's jobs,
// notifications).

export type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
};

/** Every node of a plan, the root first. */
export const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** The large tables of the lists, which both tests fill and on which no plan may scan sequentially. */
export const LIST_TABLES = ["exchanges", "orders", "webhook_events", "audit_log", "sign_ins", "jobs", "notifications", "request_logs"];

type Query = (text: string, params: unknown[]) => Promise<unknown>;

/** A member of the tenant with n sign-ins and n notifications, and a forwarding endpoint with n jobs. */
export async function seedSideTables(query: Query, ids: { tenantId: string; userId: string; endpointId: string }, n: number) {
  const { tenantId, userId, endpointId } = ids;
  await query(
    `INSERT INTO users (id, email, password_hash, role, tenant_id, disabled, created_at, password_set_at)
     VALUES ($1, 'plans@example.com', 'x', 'admin', $2, false, now(), now())`,
    [userId, tenantId],
  );
  await query(
    `INSERT INTO sign_ins (user_id, tenant_id, email, address, result, at)
     SELECT gen_random_uuid(), $1, 'a@example.com', '127.0.0.1', 'ok', now() - i * interval '1 minute' FROM generate_series(1, $2::int) i`,
    [tenantId, n],
  );
  await query(
    `INSERT INTO forwarding_endpoints (id, tenant_id, url, secret_enc, created_at, updated_at)
     VALUES ($1, $2, 'https://x.example', 'x', now(), now())`,
    [endpointId, tenantId],
  );
  await query(
    `INSERT INTO jobs (id, kind, tenant_id, subject_id, payload, status, run_at, created_at)
     SELECT gen_random_uuid(), 'forward', $1, $2, '{}'::jsonb, (ARRAY['pending','done','failed'])[i % 3 + 1], now(),
       now() - i * interval '1 second'
     FROM generate_series(1, $3::int) i`,
    [tenantId, endpointId, n],
  );
  await query(
    `INSERT INTO notifications (id, tenant_id, user_id, category, key, kind, params, link, created_at, read_at)
     SELECT gen_random_uuid(), $1, $2, 'attention', md5(i::text), 'attention_unconfirmed', '{}'::jsonb, '/',
       now() - i * interval '1 minute',
       CASE WHEN i % 2 = 0 THEN now() END FROM generate_series(1, $3::int) i`,
    [tenantId, userId, n],
  );
  // payout links of the tenant's exchanges: a few per exchange, over n / 4 exchanges
  await query(
    `INSERT INTO payout_links (id, tenant_id, exchange_id, token_hash, created_by, created_by_email, created_at, expires_at, revoked_at)
     SELECT gen_random_uuid(), $1, e.id, md5(e.id::text || k::text), $2, 'plans@example.com', now() - k * interval '1 hour',
       now() - k * interval '1 hour' + interval '24 hours', CASE WHEN k > 1 THEN now() - k * interval '1 hour' END
     FROM (SELECT id FROM exchanges WHERE tenant_id = $1 LIMIT $3::int) e, generate_series(1, 4) k`,
    [tenantId, userId, Math.floor(n / 4)],
  );
}

/**
 * Request logs over a week (one every `spacing` minutes): the tenant's upstream calls (every third,
 * half of them by its member `userId`), its sandbox client's (`client_key` 'plans-client') and
 * another client's ('other-client'), with a mix of methods, statuses and error codes.
 */
export async function seedRequestLogs(query: Query, ids: { tenantId: string; userId: string }, n: number, spacing = 2) {
  await query(
    `INSERT INTO request_logs (created_at, source, tenant_id, client_key, user_id, method, path, route, status, error_code,
       duration_ms, request_headers, response_headers)
     SELECT now() - i * $4::float8 * interval '1 minute', CASE WHEN i % 3 = 0 THEN 'upstream' ELSE 'sandbox' END,
       CASE WHEN i % 3 = 0 THEN $1::uuid END, CASE WHEN i % 3 = 1 THEN 'plans-client' WHEN i % 3 = 2 THEN 'other-client' END,
       CASE WHEN i % 6 = 0 THEN $2::uuid END, (ARRAY['GET','POST','PATCH'])[i % 3 + 1], '/v1/orders/' || i, '/v1/orders/{id}',
       (ARRAY[200, 201, 400, 404, 502])[i % 5 + 1],
       (ARRAY[NULL, NULL, 'invalid_signature', 'not_found', 'upstream_unavailable'])[i % 5 + 1],
       i % 100, '{}'::jsonb, '{}'::jsonb FROM generate_series(1, $3::int) i`,
    [ids.tenantId, ids.userId, n, spacing],
  );
}
