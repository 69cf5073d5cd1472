// The hand-written migrations of the first versions, kept to upgrade the databases they made:
// lib/db/migrate.ts applies what such a database lacks of them, then follows the generated ones
// in lib/db/migrations. New changes go into lib/db/schema and `npm run db:generate`, never here.
import { m0001 } from "./0001-sandbox-and-dashboard";
import { m0002 } from "./0002-dashboard-index";
import { m0003 } from "./0003-live-path-hardening";

export const migrations: { id: string; sql: string }[] = [m0001, m0002, m0003];
