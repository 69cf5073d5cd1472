// The command line for the people who run the dashboard:
//   npm run admin -- users add --email a@b.c --role admin|viewer|operator [--tenant <id>] [--password <p>]
//   npm run admin -- users list | disable --email … | enable --email … | reset-password --email … [--password …]
//   npm run admin -- users unlock --email … | set-role --email … --role … [--tenant …] | reset-2fa --email …
//   npm run admin -- tenants add --name … --base-url … --client-id … [--webhook-secret …]
//   npm run admin -- tenants list | rotate-webhook-secret --tenant <id> [--secret …] [--overlap-hours 24]
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
} from "@/lib/auth/users";
import {
  addTenant,
  DEFAULT_OVERLAP_HOURS,
  listTenants,
  newWebhookSecret,
  rotateWebhookSecret,
  setTenantNetwork,
  setTenantTimeZone,
} from "@/lib/auth/tenant-admin";
import { env } from "@/lib/env";
import { forgetTenants } from "@/lib/auth/tenants";

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
  npm run admin -- tenants rotate-webhook-secret --tenant <tenant id> [--secret <secret>] [--overlap-hours 24]`;

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
  },
});

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
    default:
      throw new UsageError(group ? `unknown command: ${key.trim()}` : "no command given");
  }
}

/** Running instances drop their cached tenants (PostgreSQL: the cache bus reaches them). */
async function announceTenantChange() {
  await forgetTenants((await getDatabase()).db);
}

run()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ZodError)
      console.error(`invalid input: ${error.issues.map((i) => `${i.path.join(".") || "value"}: ${i.message}`).join("; ")}`);
    else if (error instanceof AdminError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
