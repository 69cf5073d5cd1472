-- Each tenant keeps the key its API client's sandbox calls are logged under; tenants made before
-- this are given theirs at the next boot (lib/dashboard/auth/tenants.ts, keyTenantClients).
ALTER TABLE "tenants" ADD COLUMN "client_key" text;