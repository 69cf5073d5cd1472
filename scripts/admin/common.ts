// What the command line's commands share: the settings, the database once it may be opened,
// the service's check of a base URL and client_id, the audit log and the tenants' cache.
import { InvalidArgumentError } from "commander";
import { randomUUID } from "node:crypto";
import { getDatabase } from "@/lib/db/client";
import { AdminError } from "@/lib/dashboard/auth/users";
import { probeCredentials } from "@/lib/dashboard/auth/probe-credentials";
import { recordAudit } from "@/lib/dashboard/audit/record";
import type { AuditAction } from "@/lib/dashboard/contract/audit-actions";
import { ApiError } from "@/lib/errors";
import { holdsSealedData, verifySealingKey } from "@/lib/dashboard/auth/sealing-key";
import { loadEnv, adoptEnv } from "@/lib/env";
import { forgetTenants } from "@/lib/dashboard/auth/tenants";

/** The settings, without making up any secret yet: whether one may be made depends on the database. */
let config = adoptEnv(loadEnv(process.env, { generateSecrets: false }));

/**
 * The database, once the command and its options are known to be right, and once this process's
 * key is known to be the database's: a missing key is made only for a database without sealed data
 * (a first run outside production, as the server would make it), never for one that has some.
 */
export async function open() {
  const database = await getDatabase();
  process.stderr.write(`database: ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`}\n`);
  if (config.missingSecrets.includes("APP_ENCRYPTION_KEY") && (await holdsSealedData(database.db))) {
    throw new AdminError(
      "APP_ENCRYPTION_KEY is not set, and this database holds data sealed with one: run the command line with the " +
        "server's environment (its DATABASE_URL or DATA_DIR, APP_ENCRYPTION_KEY and AUTH_SECRET; " +
        "docs/operations.md#admin-command-line)",
    );
  }
  const absent = config.missingSecrets.filter((name) => name === "AUTH_SECRET" || name === "APP_ENCRYPTION_KEY");
  // with the sandbox off, this is a dashboard of a real service: its keys are the operator's, set
  // where the server runs, and a key made up here would seal data that no server can read
  if (absent.length > 0 && !config.sandboxEnabled) {
    throw new AdminError(
      `${absent.join(" and ")} ${absent.length > 1 ? "are" : "is"} not set: with the sandbox off, the command line makes up no ` +
        "secret. Run it with the server's environment (docs/operations.md#admin-command-line)",
    );
  }
  if (config.missingSecrets.length > 0) config = adoptEnv(loadEnv(process.env));
  await verifySealingKey(database.db);
  return database.db;
}

/** The service must take a base URL and client_id before they are stored (lib/dashboard/auth/probe-credentials.ts). */
export async function checked(baseUrl: string, clientId: string) {
  try {
    await probeCredentials(baseUrl.replace(/\/+$/, ""), clientId);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const why = error.details?.map((d) => `--${d.path.replace("_", "-")}: ${d.message}`).join("; ") ?? error.message;
    throw new AdminError(`${why} (--unchecked stores it all the same)`);
  }
}

/** A change of the command line's in the console's own audit log: no user, a request id of its own. */
export async function audited(db: Awaited<ReturnType<typeof open>>, action: AuditAction, target: string) {
  await recordAudit(db, { tenantId: null, userId: null, userEmail: null, action, target, result: "ok", requestId: `cli:${randomUUID()}` });
}

/** Running instances drop their cached tenants (PostgreSQL: the cache bus reaches them). */
export async function announceTenantChange() {
  await forgetTenants((await getDatabase()).db);
}

/** A whole number option within bounds. */
export const wholeNumber = (min: number, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`a whole number from ${min} to ${max}`);
  return n;
};
