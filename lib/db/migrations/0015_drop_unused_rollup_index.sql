-- The overview counts by state from the monthly figures (0014): nothing reads the daily ones by
-- (tenant, state) any more, and every exchange written would keep this index up to date.
DROP INDEX "exchange_rollups_state";