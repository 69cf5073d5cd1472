// Ordered SQL migrations, applied once each at start (lib/db/migrate.ts).
// Kept as TypeScript strings so the Next.js server bundle carries them.
import { m0001 } from "./0001-sandbox-and-dashboard";
import { m0002 } from "./0002-dashboard-index";
import { m0003 } from "./0003-live-path-hardening";

export const migrations: { id: string; sql: string }[] = [m0001, m0002, m0003];
