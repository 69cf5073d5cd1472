// Event cursor, tenant-scoped exchange index, bounded webhook rejections, atomic sign-in
// counters and revocable sessions.
export const m0003 = {
  id: "0003_live_path_hardening",
  sql: `
CREATE TABLE event_cursors (
  tenant_id uuid PRIMARY KEY REFERENCES tenants(id),
  seq bigint NOT NULL
);
ALTER TABLE webhook_events ADD COLUMN seq bigint;
UPDATE webhook_events w SET seq = r.rn
  FROM (SELECT id, row_number() OVER (PARTITION BY tenant_id ORDER BY id) AS rn FROM webhook_events) r
  WHERE w.id = r.id;
ALTER TABLE webhook_events ALTER COLUMN seq SET NOT NULL;
CREATE UNIQUE INDEX webhook_events_tenant_seq ON webhook_events (tenant_id, seq);
INSERT INTO event_cursors (tenant_id, seq) SELECT tenant_id, max(seq) FROM webhook_events GROUP BY tenant_id;
DROP INDEX webhook_events_exchange;
CREATE INDEX webhook_events_tenant_exchange ON webhook_events (tenant_id, exchange_id, seq);

ALTER TABLE exchanges DROP CONSTRAINT exchanges_pkey;
ALTER TABLE exchanges ADD PRIMARY KEY (tenant_id, id);

DROP TABLE webhook_rejections;
CREATE TABLE webhook_rejections (
  endpoint text NOT NULL,
  reason text NOT NULL,
  hour timestamptz NOT NULL,
  tenant_id uuid,
  count integer NOT NULL,
  first_at timestamptz(3) NOT NULL,
  last_at timestamptz(3) NOT NULL,
  last_correlation_id text,
  sample text NOT NULL,
  PRIMARY KEY (endpoint, reason, hour)
);

DROP TABLE auth_failures;
CREATE TABLE auth_limits (
  key text PRIMARY KEY,
  window_start timestamptz(3) NOT NULL,
  count integer NOT NULL
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  created_at timestamptz(3) NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  revoked_at timestamptz(3),
  revoked_reason text
);
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;
`,
};
