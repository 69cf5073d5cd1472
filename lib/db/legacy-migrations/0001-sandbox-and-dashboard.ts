export const m0001 = {
  id: "0001_sandbox_and_dashboard",
  sql: `
CREATE TABLE sandbox_state (
  id integer PRIMARY KEY,
  clock_offset_ms bigint NOT NULL,
  block_height integer NOT NULL
);
INSERT INTO sandbox_state (id, clock_offset_ms, block_height) VALUES (1, 0, 2500000);

CREATE TABLE sandbox_clients (
  client_id text PRIMARY KEY,
  name text NOT NULL,
  created_on timestamptz(3) NOT NULL
);

CREATE TABLE sandbox_affiliates (
  id uuid PRIMARY KEY,
  client_id text NOT NULL REFERENCES sandbox_clients(client_id),
  name text NOT NULL,
  is_default boolean NOT NULL
);
CREATE INDEX sandbox_affiliates_client ON sandbox_affiliates (client_id);

CREATE TABLE sandbox_webhook_endpoints (
  id uuid PRIMARY KEY,
  client_id text NOT NULL REFERENCES sandbox_clients(client_id),
  url text NOT NULL,
  secret text NOT NULL,
  created_on timestamptz(3) NOT NULL
);
CREATE INDEX sandbox_webhook_endpoints_client ON sandbox_webhook_endpoints (client_id);

CREATE TABLE sandbox_challenges (
  id uuid PRIMARY KEY,
  client_id text NOT NULL REFERENCES sandbox_clients(client_id),
  token text NOT NULL,
  expires_on timestamptz(3) NOT NULL,
  completed_on timestamptz(3)
);
CREATE INDEX sandbox_challenges_client_token ON sandbox_challenges (client_id, token);

CREATE TABLE sandbox_orders (
  id uuid PRIMARY KEY,
  client_id text NOT NULL REFERENCES sandbox_clients(client_id),
  active boolean NOT NULL,
  created_on timestamptz(3) NOT NULL,
  affiliate_id uuid NOT NULL,
  fee_rate text NOT NULL,
  currency text NOT NULL,
  debitor_iban text NOT NULL,
  creditor_reference text NOT NULL UNIQUE,
  payment_method jsonb NOT NULL,
  payout_method jsonb NOT NULL,
  payout_kind text NOT NULL,
  node_pubkey text,
  address_type text,
  last_derivation_index integer
);

CREATE TABLE sandbox_exchanges (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES sandbox_orders(id),
  client_id text NOT NULL,
  state text NOT NULL,
  type text NOT NULL,
  pair text NOT NULL,
  fee_rate text NOT NULL,
  cost_minor bigint NOT NULL,
  executed_on timestamptz(3),
  amount_sats bigint,
  rate_minor bigint,
  fee_minor bigint,
  action jsonb,
  reason jsonb,
  payout jsonb,
  offers jsonb,
  payer jsonb,
  created_on timestamptz(3) NOT NULL,
  updated_on timestamptz(3) NOT NULL
);
CREATE INDEX sandbox_exchanges_order ON sandbox_exchanges (order_id);

CREATE TABLE sandbox_nodes (
  pubkey text PRIMARY KEY,
  host text NOT NULL,
  port integer NOT NULL,
  has_channel boolean NOT NULL
);

CREATE TABLE sandbox_events (
  seq bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  client_id text NOT NULL,
  exchange_id uuid NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  correlation_id uuid NOT NULL,
  created_on timestamptz(3) NOT NULL
);
CREATE INDEX sandbox_events_exchange ON sandbox_events (exchange_id, seq);

CREATE TABLE sandbox_deliveries (
  id uuid PRIMARY KEY,
  event_seq bigint NOT NULL REFERENCES sandbox_events(seq),
  endpoint_id uuid NOT NULL,
  url text NOT NULL,
  status text NOT NULL,
  attempts integer NOT NULL,
  next_attempt_at timestamptz(3),
  locked_until timestamptz(3),
  last_status_code integer,
  last_error text,
  delivered_at timestamptz(3),
  created_on timestamptz(3) NOT NULL
);
CREATE INDEX sandbox_deliveries_due ON sandbox_deliveries (status, next_attempt_at);
CREATE INDEX sandbox_deliveries_event ON sandbox_deliveries (event_seq);

CREATE TABLE sandbox_delivery_attempts (
  id uuid PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES sandbox_deliveries(id),
  attempt integer NOT NULL,
  started_at timestamptz(3) NOT NULL,
  duration_ms integer NOT NULL,
  status_code integer,
  error text
);
CREATE INDEX sandbox_delivery_attempts_delivery ON sandbox_delivery_attempts (delivery_id, attempt);

CREATE TABLE tenants (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  base_url text NOT NULL,
  client_id_enc text NOT NULL,
  webhook_secret_enc text NOT NULL,
  webhook_endpoint_id text NOT NULL UNIQUE,
  is_default boolean NOT NULL,
  created_at timestamptz(3) NOT NULL
);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('operator', 'admin', 'viewer')),
  tenant_id uuid REFERENCES tenants(id),
  disabled boolean NOT NULL,
  created_at timestamptz(3) NOT NULL
);
`,
};
