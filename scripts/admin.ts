// The command line for the people who run the dashboard:
//   npm run admin -- users add --email a@b.c --role admin|viewer|operator [--tenant <id>] [--password <p>]
//   npm run admin -- users list | disable --email … | enable --email … | reset-password --email … [--password …]
//   npm run admin -- users unlock --email … | set-role --email … --role … [--tenant …] | reset-2fa --email …
//   npm run admin -- tenants add --name … --base-url … --client-id … [--webhook-secret …]
//   npm run admin -- tenants list | rotate-webhook-secret --tenant <id> [--secret …] [--overlap-hours 24]
//   npm run admin -- demo seed --tenant <id> --exchanges N [--audit N] [--days 365]
//   npm run admin -- rollups verify --tenant <id> | rebuild --tenant <id>
// It uses the same configuration as the server (DATA_DIR or DATABASE_URL).
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { getDatabase } from "@/lib/db/client";
import {
  addUser,
  AdminError,
  listUsers,
  newPassword,
  resetPassword,
  resetUserSecondFactors,
  setDisabled,
  setRole,
  unlockUser,
} from "@/lib/dashboard/auth/users";
import {
  addTenant,
  DEFAULT_OVERLAP_HOURS,
  listTenants,
  newWebhookSecret,
  rotateWebhookSecret,
  setTenantNetwork,
  setTenantTimeZone,
} from "@/lib/dashboard/auth/tenant-admin";
import { env } from "@/lib/env";
import { forgetTenants, tenantById } from "@/lib/dashboard/auth/tenants";
import { seedVolume } from "@/lib/dashboard/demo/seed-volume";
import { monthlyFigures, recountedFigures, rolledUpFigures } from "@/lib/dashboard/reports/recount";
import { sql } from "drizzle-orm";

const USAGE = `usage:
  npm run admin -- users add --email <email> --role operator|admin|viewer [--tenant <tenant id>] [--password <password>]
  npm run admin -- users list
  npm run admin -- users disable --email <email>
  npm run admin -- users enable --email <email>
  npm run admin -- users reset-password --email <email> [--password <password>]
  npm run admin -- users unlock --email <email>
  npm run admin -- users set-role --email <email> --role operator|admin|viewer [--tenant <tenant id>]
  npm run admin -- users reset-2fa --email <email>
  npm run admin -- tenants add --name <name> --base-url <url> --client-id <client_id> [--webhook-secret <secret>]
                               [--network mainnet|testnet|signet|regtest]
  npm run admin -- tenants set-network --tenant <tenant id> --network mainnet|testnet|signet|regtest
  npm run admin -- tenants set-time-zone --tenant <tenant id> --time-zone Europe/Zurich
  npm run admin -- tenants list
  npm run admin -- tenants rotate-webhook-secret --tenant <tenant id> [--secret <secret>] [--overlap-hours 24]
  npm run admin -- demo seed --tenant <tenant id> --exchanges <n> [--audit <n>] [--days 365] [--events-per-exchange 5]
  npm run admin -- rollups verify --tenant <tenant id>
  npm run admin -- rollups rebuild --tenant <tenant id>`;

class UsageError extends Error {}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  strict: true,
  options: {
    email: { type: "string" },
    role: { type: "string" },
    tenant: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
    "base-url": { type: "string" },
    "client-id": { type: "string" },
    "webhook-secret": { type: "string" },
    secret: { type: "string" },
    network: { type: "string" },
    "time-zone": { type: "string" },
    "overlap-hours": { type: "string" },
    exchanges: { type: "string" },
    audit: { type: "string" },
    days: { type: "string" },
    "events-per-exchange": { type: "string" },
  },
});

/** A whole number flag within bounds, or its default when absent. */
function count(name: keyof typeof values, min: number, max: number, fallback?: number): number {
  const value = values[name];
  if (value === undefined && fallback !== undefined) return fallback;
  const n = Number(need(name));
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name}: a whole number from ${min} to ${max}`);
  return n;
}

function need(name: keyof typeof values): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new UsageError(`missing --${name}`);
  return value;
}

async function run(): Promise<void> {
  const [group, command] = positionals;
  // opened only once the command and its flags are known to be right
  const open = async () => (await getDatabase()).db;
  const key = `${group ?? ""} ${command ?? ""}`;
  switch (key) {
    case "users add": {
      const password = values.password ?? newPassword();
      const input = { email: need("email"), role: need("role") as "admin", tenantId: values.tenant ?? null, password };
      const user = await addUser(await open(), input);
      console.log(`added ${user.email} (${user.role}${user.tenantId ? `, tenant ${user.tenantId}` : ""})`);
      if (!values.password) console.log(`password: ${password}`);
      return;
    }
    case "users list":
      console.table(
        (await listUsers(await open())).map((u) => ({ ...u, tenantId: u.tenantId ?? "(all)", createdAt: u.createdAt.toISOString() })),
      );
      return;
    case "users disable":
    case "users enable": {
      const email = need("email");
      const row = await setDisabled(await open(), email, command === "disable");
      console.log(command === "disable" ? `${row.email} disabled: ${row.revoked} session(s) ended` : `${row.email} enabled`);
      return;
    }
    case "users unlock": {
      const row = await unlockUser(await open(), need("email"));
      console.log(row.wasLocked ? `${row.email} unlocked` : `${row.email} was not locked`);
      return;
    }
    case "users set-role": {
      const input = { email: need("email"), role: need("role") as "admin", tenantId: values.tenant ?? null };
      const row = await setRole(await open(), input);
      console.log(`${row.email} is now ${row.role}${row.tenantId ? ` of tenant ${row.tenantId}` : ""}: ${row.revoked} session(s) ended`);
      return;
    }
    case "users reset-password": {
      const password = values.password ?? newPassword();
      const email = need("email");
      const row = await resetPassword(await open(), email, password);
      console.log(`password of ${row.email} reset: ${row.revoked} session(s) ended, sign-in lock lifted`);
      if (!values.password) console.log(`password: ${password}`);
      return;
    }
    case "users reset-2fa": {
      const row = await resetUserSecondFactors(await open(), need("email"));
      console.log(`second factors of ${row.email} removed: ${row.revoked} session(s) ended (recorded in the audit log)`);
      return;
    }
    case "tenants add": {
      const secret = values["webhook-secret"] ?? newWebhookSecret();
      // without --network, the sandbox's (SANDBOX_NETWORK): right for a tenant of the embedded sandbox
      const network = values.network ?? env().sandboxNetwork;
      const input = { name: need("name"), baseUrl: need("base-url"), clientId: need("client-id"), webhookSecret: secret, network };
      const tenant = await addTenant(await open(), input);
      console.log(`added tenant ${tenant.name}: id ${tenant.id} on ${tenant.network}${tenant.isDefault ? " (default)" : ""}`);
      console.log(`register this webhook endpoint with the service: <dashboard URL>${tenant.webhookPath}`);
      if (!values["webhook-secret"]) console.log(`webhook secret: ${secret}`);
      await announceTenantChange();
      return;
    }
    case "tenants list":
      console.table(await listTenants(await open()));
      return;
    case "tenants set-network": {
      const network = need("network");
      const tenant = need("tenant");
      await setTenantNetwork(await open(), tenant, network);
      console.log(`tenant ${tenant} is on ${network}`);
      await announceTenantChange();
      return;
    }
    case "tenants set-time-zone": {
      const timeZone = need("time-zone");
      const tenant = need("tenant");
      await setTenantTimeZone(await open(), tenant, timeZone);
      console.log(`tenant ${tenant} reports in ${timeZone}`);
      await announceTenantChange();
      return;
    }
    case "tenants rotate-webhook-secret": {
      const secret = values.secret ?? newWebhookSecret();
      const tenant = need("tenant");
      const overlap = Number(values["overlap-hours"] ?? DEFAULT_OVERLAP_HOURS);
      if (!Number.isInteger(overlap) || overlap < 0 || overlap > 168) throw new UsageError("--overlap-hours: 0 to 168");
      const rotated = await rotateWebhookSecret(await open(), tenant, secret, overlap);
      const until = rotated.previousSecretUntil
        ? `the old one is accepted until ${rotated.previousSecretUntil.toISOString()}`
        : "the old one no longer";
      console.log(`webhook secret replaced (${until}): give the new one to the service operator`);
      if (!values.secret) console.log(`webhook secret: ${secret}`);
      await announceTenantChange();
      return;
    }
    case "demo seed": {
      const db = await open();
      const tenant = await tenantById(db, need("tenant"));
      if (!tenant) throw new AdminError(`no tenant ${values.tenant} (see: tenants list)`);
      const options = {
        exchanges: count("exchanges", 1, 100_000_000),
        auditRows: count("audit", 0, 100_000_000, 0),
        days: count("days", 1, 3650, 365),
        eventsPerExchange: count("events-per-exchange", 1, 20, 5),
      };
      const started = Date.now();
      let shown = 0;
      const written = await seedVolume(db, tenant, {
        ...options,
        onProgress: ({ step, done, total }) => {
          // a line every few seconds, and at the end of each step
          if (done < total && Date.now() - shown < 3000) return;
          shown = Date.now();
          const seconds = (Date.now() - started) / 1000;
          console.log(`${step}: ${done.toLocaleString("en")} of ${total.toLocaleString("en")} (${seconds.toFixed(0)} s)`);
        },
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(
        `tenant ${tenant.id}: ${written.exchanges} exchanges, ${written.orders} orders, ${written.events} webhook events, ` +
          `${written.audit} audit rows in ${seconds} s`,
      );
      return;
    }
    case "rollups verify": {
      const db = await open();
      const tenant = await tenantById(db, need("tenant"));
      if (!tenant) throw new AdminError(`no tenant ${values.tenant} (see: tenants list)`);
      const kept = await rolledUpFigures(db, tenant.id);
      const recounted = await recountedFigures(db, tenant.id, tenant.timeZone);
      const months = await monthlyFigures(db, tenant.id);
      const same = JSON.stringify(kept) === JSON.stringify(recounted);
      const sameMonths = JSON.stringify(months.kept) === JSON.stringify(months.summed);
      console.log(
        same
          ? `the daily figures of ${kept.length} days and groups match a full recount`
          : "the daily figures differ from a full recount: run rollups rebuild",
      );
      console.log(
        sameMonths
          ? `the monthly figures of ${months.kept.length} months and groups are the sums of the daily ones`
          : "the monthly figures differ from the sums of the daily ones: run rollups rebuild",
      );
      if (!same || !sameMonths) process.exitCode = 1;
      return;
    }
    case "rollups rebuild": {
      const db = await open();
      const tenant = need("tenant");
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT exchange_rollup_rebuild(${tenant}::uuid, NULL)`);
        await tx.execute(sql`SELECT exchange_rollups_monthly_rebuild(${tenant}::uuid)`);
      });
      console.log(`the daily and monthly figures of tenant ${tenant} were recounted from its exchanges`);
      return;
    }
    default:
      throw new UsageError(group ? `unknown command: ${key.trim()}` : "no command given");
  }
}

/** Running instances drop their cached tenants (PostgreSQL: the cache bus reaches them). */
async function announceTenantChange() {
  await forgetTenants((await getDatabase()).db);
}

run()
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ZodError)
      console.error(`invalid input: ${error.issues.map((i) => `${i.path.join(".") || "value"}: ${i.message}`).join("; ")}`);
    else if (error instanceof AdminError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
