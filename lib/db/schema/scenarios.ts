// Runs of sandbox scenarios (lib/dashboard/scenarios): one row per run, its steps' progress in
// the row, so a run survives a restart and is read back whole by its page and the API.
import { foreignKey, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ofTenant, users } from "./dashboard";
import { ts } from "./columns";

export const scenarioRuns = pgTable(
  "scenario_runs",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id").notNull(),
    /** A built-in's name, or custom. */
    scenario: text("scenario").notNull(),
    /** A custom run's document's own name (null for a built-in, and for runs before migration 0020). */
    documentName: text("document_name"),
    /** The steps as run: the document's, with the values put in. */
    plan: jsonb("plan").$type<unknown[]>().notNull(),
    /** Each step's status, result, error and times (the API's `steps`). */
    steps: jsonb("steps").$type<unknown[]>().notNull(),
    /** running | succeeded | failed */
    status: text("status").notNull(),
    orderId: uuid("order_id"),
    exchangeId: uuid("exchange_id"),
    /**
     * What later steps need of earlier ones and the API does not show: the throwaway Lightning
     * node key of the order (a sandbox testnet key of no value) and the preimage of its invoice.
     */
    context: jsonb("context").$type<Record<string, string>>().notNull(),
    /** Who started it; the user id is null once they are deleted, the email stays. */
    startedBy: uuid("started_by"),
    startedByEmail: text("started_by_email").notNull(),
    apiKeyPrefix: text("api_key_prefix"),
    createdAt: ts("created_at").notNull(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    ofTenant("scenario_runs", t.tenantId),
    foreignKey({ name: "scenario_runs_started_by_fkey", columns: [t.startedBy], foreignColumns: [users.id] }).onDelete("set null"),
    index("scenario_runs_tenant_created").on(t.tenantId, t.createdAt),
  ],
);
