// The database schema, written once here in drizzle; the SQL migrations in lib/db/migrations are
// generated from it by drizzle-kit (npm run db:generate), and a test proves the two agree.
export * from "./sandbox";
export * from "./dashboard";
export * from "./webhooks";
export * from "./access";
export * from "./agreements";
export * from "./factors";
export * from "./forwarding";
export * from "./mail";
export * from "./rollups";
export * from "./views";
export * from "./request-logs";
export * from "./scenarios";
