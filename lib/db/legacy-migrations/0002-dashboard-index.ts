export const m0002 = {
  id: "0002_dashboard_index",
  sql: `
CREATE TABLE orders (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  snapshot jsonb NOT NULL,
  active boolean NOT NULL,
  currency text NOT NULL,
  payout_kind text NOT NULL,
  created_on timestamptz(3) NOT NULL,
  created_by uuid,
  fetched_at timestamptz(3) NOT NULL
);
CREATE INDEX orders_tenant_created ON orders (tenant_id, created_on DESC, id DESC);

CREATE TABLE exchanges (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  order_id uuid NOT NULL,
  snapshot jsonb,
  state text NOT NULL,
  pair text,
  type text,
  first_seen_at timestamptz(3) NOT NULL,
  fetched_at timestamptz(3)
);
CREATE INDEX exchanges_tenant_seen ON exchanges (tenant_id, first_seen_at DESC, id DESC);
CREATE INDEX exchanges_order ON exchanges (order_id);

CREATE TABLE webhook_events (
  id bigserial PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  body_sha256 text NOT NULL,
  raw_body text NOT NULL,
  event_type text,
  exchange_id uuid,
  order_id uuid,
  correlation_id text,
  retry_count integer,
  user_agent text,
  received_at timestamptz(3) NOT NULL,
  UNIQUE (tenant_id, body_sha256)
);
CREATE INDEX webhook_events_exchange ON webhook_events (exchange_id, id);

CREATE TABLE webhook_rejections (
  id bigserial PRIMARY KEY,
  tenant_id uuid,
  endpoint text NOT NULL,
  reason text NOT NULL,
  correlation_id text,
  body_sha256 text NOT NULL,
  received_at timestamptz(3) NOT NULL
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  tenant_id uuid,
  user_id uuid,
  user_email text,
  action text NOT NULL,
  target text,
  result text NOT NULL,
  request_id text NOT NULL,
  at timestamptz(3) NOT NULL
);
CREATE INDEX audit_log_tenant ON audit_log (tenant_id, id DESC);

CREATE TABLE payout_links (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  exchange_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_by uuid,
  created_at timestamptz(3) NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  revoked_at timestamptz(3)
);
CREATE INDEX payout_links_exchange ON payout_links (exchange_id);

CREATE TABLE auth_failures (
  key text NOT NULL,
  at timestamptz(3) NOT NULL
);
CREATE INDEX auth_failures_key ON auth_failures (key, at);
`,
};
