import { defineConfig } from "drizzle-kit";

// drizzle-kit generates the numbered SQL migrations in lib/db/migrations from the schema
// (npm run db:generate). The app applies them at start (lib/db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./lib/db/schema/sandbox.ts",
    "./lib/db/schema/dashboard.ts",
    "./lib/db/schema/webhooks.ts",
    "./lib/db/schema/access.ts",
    "./lib/db/schema/agreements.ts",
    "./lib/db/schema/factors.ts",
    "./lib/db/schema/forwarding.ts",
    "./lib/db/schema/mail.ts",
    "./lib/db/schema/rollups.ts",
    "./lib/db/schema/views.ts",
    "./lib/db/schema/request-logs.ts",
    "./lib/db/schema/scenarios.ts",
  ],
  out: "./lib/db/migrations",
});
