// The command line for the people who run the dashboard: `npm run admin -- --help` lists its
// commands, `npm run admin -- <group> <command> --help` each one's options.
//
// It reads the same settings as the server (lib/env.ts: DATA_DIR or DATABASE_URL, the secrets),
// and must run with the server's environment: it never makes up a key for a database that already
// holds sealed data, and refuses a key that is not the database's (lib/dashboard/auth/sealing-key.ts).
// Exit status: 0 done; 1 refused (no such user, the wrong key, figures that differ); 2 a usage error
// or invalid input.
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { ZodError } from "zod";
import { sql } from "drizzle-orm";
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
  deleteTenant,
  listTenants,
  newWebhookSecret,
  rotateWebhookSecret,
  setDefaultTenant,
  setTenantNetwork,
  setTenantStatus,
  setTenantTimeZone,
  tenantRow,
  updateTenant,
} from "@/lib/dashboard/auth/tenant-admin";
import { probeCredentials } from "@/lib/dashboard/auth/probe-credentials";
import { decryptSecret } from "@/lib/dashboard/auth/encryption";
import { recordAudit } from "@/lib/dashboard/audit/record";
import type { AuditAction } from "@/lib/dashboard/contract/audit-actions";
import { webhookHealth } from "@/lib/dashboard/webhooks/list-events";
import { webhookUrl } from "@/lib/dashboard/auth/webhook-url";
import { ApiError } from "@/lib/errors";
import { randomUUID } from "node:crypto";
import { holdsSealedData, SealingKeyMismatch, verifySealingKey } from "@/lib/dashboard/auth/sealing-key";
import { env, loadEnv, adoptEnv } from "@/lib/env";
import { forgetTenants, tenantById } from "@/lib/dashboard/auth/tenants";
import { seedVolume } from "@/lib/dashboard/demo/seed-volume";
import { monthlyFigures, recountedFigures, rolledUpFigures } from "@/lib/dashboard/reports/recount";

/** The settings, without making up any secret yet: whether one may be made depends on the database. */
let config = adoptEnv(loadEnv(process.env, { generateSecrets: false }));

/**
 * The database, once the command and its options are known to be right, and once this process's
 * key is known to be the database's: a missing key is made only for a database without sealed data
 * (a first run outside production, as the server would make it), never for one that has some.
 */
async function open() {
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
async function checked(baseUrl: string, clientId: string) {
  try {
    await probeCredentials(baseUrl.replace(/\/+$/, ""), clientId);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const why = error.details?.map((d) => `--${d.path.replace("_", "-")}: ${d.message}`).join("; ") ?? error.message;
    throw new AdminError(`${why} (--unchecked stores it all the same)`);
  }
}

/** A change of the command line's in the console's own audit log: no user, a request id of its own. */
async function audited(db: Awaited<ReturnType<typeof open>>, action: AuditAction, target: string) {
  await recordAudit(db, { tenantId: null, userId: null, userEmail: null, action, target, result: "ok", requestId: `cli:${randomUUID()}` });
}

/** Running instances drop their cached tenants (PostgreSQL: the cache bus reaches them). */
async function announceTenantChange() {
  await forgetTenants((await getDatabase()).db);
}

/** A whole number option within bounds. */
const wholeNumber = (min: number, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`a whole number from ${min} to ${max}`);
  return n;
};

const roles = new Option("--role <role>", "operator, admin or viewer").choices(["operator", "admin", "viewer"]).makeOptionMandatory();
const networks = ["mainnet", "testnet", "signet", "regtest"];

const program = new Command("npm run admin --")
  .description("Run the dashboard: its users, tenants, demo data and figures. Use the server's environment.")
  .showHelpAfterError()
  .exitOverride();

// ---- users ----

const users = program.command("users").description("people who sign in");
users
  .command("add")
  .description("add a user; without --password, one is made and printed")
  .requiredOption("--email <email>")
  .addOption(roles)
  .option("--tenant <tenant id>", "their tenant (not for operators)")
  .option("--password <password>")
  .action(async (o: { email: string; role: "admin"; tenant?: string; password?: string }) => {
    const password = o.password ?? newPassword();
    const user = await addUser(await open(), { email: o.email, role: o.role, tenantId: o.tenant ?? null, password });
    console.log(`added ${user.email} (${user.role}${user.tenantId ? `, tenant ${user.tenantId}` : ""})`);
    if (!o.password) console.log(`password: ${password}`);
  });
users
  .command("list")
  .description("every user")
  .action(async () => {
    const rows = await listUsers(await open());
    console.table(rows.map((u) => ({ ...u, tenantId: u.tenantId ?? "(all)", createdAt: u.createdAt.toISOString() })));
  });
for (const disable of [true, false]) {
  users
    .command(disable ? "disable" : "enable")
    .description(disable ? "disable a user: their sessions end, the API keys they made stop" : "enable a user again")
    .requiredOption("--email <email>")
    .action(async (o: { email: string }) => {
      const row = await setDisabled(await open(), o.email, disable);
      console.log(disable ? `${row.email} disabled: ${row.revoked} session(s) ended` : `${row.email} enabled`);
    });
}
users
  .command("unlock")
  .description("lift a sign-in lock (5 failed attempts in 15 minutes)")
  .requiredOption("--email <email>")
  .action(async (o: { email: string }) => {
    const row = await unlockUser(await open(), o.email);
    console.log(row.wasLocked ? `${row.email} unlocked` : `${row.email} was not locked`);
  });
users
  .command("set-role")
  .description("a new role (and tenant): their sessions end, their API keys follow")
  .requiredOption("--email <email>")
  .addOption(roles)
  .option("--tenant <tenant id>")
  .action(async (o: { email: string; role: "admin"; tenant?: string }) => {
    const row = await setRole(await open(), { email: o.email, role: o.role, tenantId: o.tenant ?? null });
    console.log(`${row.email} is now ${row.role}${row.tenantId ? ` of tenant ${row.tenantId}` : ""}: ${row.revoked} session(s) ended`);
  });
users
  .command("reset-password")
  .description("a new password (printed when not given): their sessions end, a sign-in lock lifts")
  .requiredOption("--email <email>")
  .option("--password <password>")
  .action(async (o: { email: string; password?: string }) => {
    const password = o.password ?? newPassword();
    const row = await resetPassword(await open(), o.email, password);
    console.log(`password of ${row.email} reset: ${row.revoked} session(s) ended, sign-in lock lifted`);
    if (!o.password) console.log(`password: ${password}`);
  });
users
  .command("reset-2fa")
  .description("remove a user's second factors (audited): their sessions end")
  .requiredOption("--email <email>")
  .action(async (o: { email: string }) => {
    const row = await resetUserSecondFactors(await open(), o.email);
    console.log(`second factors of ${row.email} removed: ${row.revoked} session(s) ended (recorded in the audit log)`);
  });

// ---- tenants ----

const tenants = program.command("tenants").description("API clients of the service whose dashboard this is");
tenants
  .command("add")
  .description("a tenant: the service's base URL and the client_id it issued; prints where to register webhooks")
  .requiredOption("--name <name>")
  .requiredOption("--base-url <url>", "the service's REST API base, e.g. https://api.example.com (paths /v1/… follow it)")
  .requiredOption("--client-id <client_id>")
  .option("--webhook-secret <secret>", "the secret shared with the service for webhooks (made and printed when not given)")
  .addOption(new Option("--network <network>", "the service's bitcoin network (default: SANDBOX_NETWORK)").choices(networks))
  .option("--unchecked", "store it without asking the service first (it cannot be reached from here yet)")
  .action(async (o: { name: string; baseUrl: string; clientId: string; webhookSecret?: string; network?: string; unchecked?: boolean }) => {
    if (!o.unchecked) await checked(o.baseUrl, o.clientId);
    const secret = o.webhookSecret ?? newWebhookSecret();
    // without --network, the sandbox's (SANDBOX_NETWORK): right for a tenant of the embedded sandbox
    const network = o.network ?? env().sandboxNetwork;
    const input = { name: o.name, baseUrl: o.baseUrl, clientId: o.clientId, webhookSecret: secret, network };
    const tenant = await addTenant(await open(), input);
    console.log(`added tenant ${tenant.name}: id ${tenant.id} on ${tenant.network}${tenant.isDefault ? " (default)" : ""}`);
    console.log(`register this webhook endpoint with the service: <dashboard URL>${tenant.webhookPath}`);
    if (!o.webhookSecret) console.log(`webhook secret: ${secret}`);
    await announceTenantChange();
  });
tenants
  .command("list")
  .description("every tenant")
  .action(async () => console.table(await listTenants(await open())));
tenants
  .command("check")
  .description(
    "verify a tenant's wiring: a call to its service with its credentials, and the webhooks received (exit 1 when the call fails)",
  )
  .requiredOption("--tenant <tenant id>")
  .action(async (o: { tenant: string }) => {
    const db = await open();
    const row = await tenantRow(db, o.tenant);
    if (!row) throw new AdminError(`no tenant ${o.tenant} (see: tenants list)`);
    await checked(row.baseUrl, decryptSecret(row.clientIdEnc));
    console.log(`the service at ${row.baseUrl} takes the tenant's client_id`);
    const health = await webhookHealth(db, row.id, webhookUrl("<dashboard URL>", row));
    console.log(`webhook endpoint: ${health.webhook_url}`);
    console.log(
      health.last_received_at
        ? `last webhook received ${health.last_received_at} (${health.last_event ?? "unknown type"}); ${health.events_24h} in 24 h`
        : "no webhook received yet: ask the service's operator to send one (or make a payment) once the endpoint is registered",
    );
    if (health.rejections_24h > 0) console.log(`${health.rejections_24h} refused in 24 h (a wrong secret?): see the Events page, Rejected`);
  });
tenants
  .command("update")
  .description("a tenant's name, service or client_id (the service must take the new pair, unless --unchecked)")
  .requiredOption("--tenant <tenant id>")
  .option("--name <name>")
  .option("--base-url <url>")
  .option("--client-id <client_id>")
  .option("--unchecked", "store it without asking the service first")
  .action(async (o: { tenant: string; name?: string; baseUrl?: string; clientId?: string; unchecked?: boolean }) => {
    const db = await open();
    const row = await tenantRow(db, o.tenant);
    if (!row) throw new AdminError(`no tenant ${o.tenant} (see: tenants list)`);
    if (!o.unchecked && (o.baseUrl || o.clientId)) await checked(o.baseUrl ?? row.baseUrl, o.clientId ?? decryptSecret(row.clientIdEnc));
    await updateTenant(db, o.tenant, { name: o.name, baseUrl: o.baseUrl, clientId: o.clientId });
    const changed = Object.entries({ name: o.name, base_url: o.baseUrl, client_id: o.clientId }).filter(([, v]) => v !== undefined);
    await audited(db, "tenants.update", `${o.tenant} (${changed.map(([k]) => k).join(", ")})`);
    console.log(`tenant ${o.tenant} updated`);
    await announceTenantChange();
  });
for (const status of ["disabled", "active"] as const) {
  tenants
    .command(status === "disabled" ? "disable" : "enable")
    .description(status === "disabled" ? "refuse its members, API and webhooks (its data kept)" : "enable a disabled tenant again")
    .requiredOption("--tenant <tenant id>")
    .action(async (o: { tenant: string }) => {
      const db = await open();
      if (status === "disabled" && (await tenantRow(db, o.tenant))?.isDefault) {
        throw new AdminError("the default tenant cannot be disabled: make another one the default first (tenants set-default)");
      }
      const row = await setTenantStatus(db, o.tenant, status);
      await audited(db, "tenants.update", `${o.tenant} (status ${status})`);
      console.log(`tenant ${row.name} is ${status}`);
      await announceTenantChange();
    });
}
tenants
  .command("set-default")
  .description("the tenant operators look at first, and whose webhooks /webhook (without an id) takes")
  .requiredOption("--tenant <tenant id>")
  .action(async (o: { tenant: string }) => {
    const db = await open();
    await setDefaultTenant(db, o.tenant);
    await audited(db, "tenants.update", `${o.tenant} (is_default)`);
    console.log(`tenant ${o.tenant} is the default`);
    await announceTenantChange();
  });
tenants
  .command("delete")
  .description("delete a tenant: --data keep (gone from every list, its members disabled) or --data purge (it and all of its data)")
  .requiredOption("--tenant <tenant id>")
  .addOption(new Option("--data <what>", "keep or purge").choices(["keep", "purge"]).makeOptionMandatory())
  .action(async (o: { tenant: string; data: "keep" | "purge" }) => {
    const db = await open();
    const deleted = await deleteTenant(db, o.tenant, o.data);
    await audited(db, "tenants.delete", `${deleted.name} ${o.tenant} (data ${o.data}, ${deleted.members} members)`);
    console.log(
      `tenant ${deleted.name} deleted (${o.data === "purge" ? "with all of its data" : "its data kept"}; ${deleted.members} members)`,
    );
    await announceTenantChange();
  });
tenants
  .command("set-network")
  .description("the bitcoin network the tenant's addresses, keys and invoices are checked against")
  .requiredOption("--tenant <tenant id>")
  .addOption(new Option("--network <network>").choices(networks).makeOptionMandatory())
  .action(async (o: { tenant: string; network: string }) => {
    await setTenantNetwork(await open(), o.tenant, o.network);
    console.log(`tenant ${o.tenant} is on ${o.network}`);
    await announceTenantChange();
  });
tenants
  .command("set-time-zone")
  .description("the IANA time zone its reports count days and months in")
  .requiredOption("--tenant <tenant id>")
  .requiredOption("--time-zone <zone>", "e.g. Europe/Zurich")
  .action(async (o: { tenant: string; timeZone: string }) => {
    await setTenantTimeZone(await open(), o.tenant, o.timeZone);
    console.log(`tenant ${o.tenant} reports in ${o.timeZone}`);
    await announceTenantChange();
  });
tenants
  .command("rotate-webhook-secret")
  .description("a new webhook secret (the service's own with --secret); the old one is accepted for the overlap")
  .requiredOption("--tenant <tenant id>")
  .option("--secret <secret>", "the secret the service chose (made and printed when not given)")
  .option("--overlap-hours <hours>", "how long the old secret is still accepted, 0 to 168", wholeNumber(0, 168), DEFAULT_OVERLAP_HOURS)
  .action(async (o: { tenant: string; secret?: string; overlapHours: number }) => {
    const secret = o.secret ?? newWebhookSecret();
    const rotated = await rotateWebhookSecret(await open(), o.tenant, secret, o.overlapHours);
    const until = rotated.previousSecretUntil
      ? `the old one is accepted until ${rotated.previousSecretUntil.toISOString()}`
      : "the old one no longer";
    console.log(`webhook secret replaced (${until}): give the new one to the service operator`);
    if (!o.secret) console.log(`webhook secret: ${secret}`);
    await announceTenantChange();
  });

// ---- demo data and figures ----

program
  .command("demo")
  .description("generated data, to try the dashboard at scale")
  .command("seed")
  .description("fill a tenant with generated orders, exchanges, webhook events and audit rows")
  .requiredOption("--tenant <tenant id>")
  .requiredOption("--exchanges <n>", "how many", wholeNumber(1, 100_000_000))
  .option("--audit <n>", "audit rows", wholeNumber(0, 100_000_000), 0)
  .option("--days <n>", "spread over this many days", wholeNumber(1, 3650), 365)
  .option("--events-per-exchange <n>", "", wholeNumber(1, 20), 5)
  .action(async (o: { tenant: string; exchanges: number; audit: number; days: number; eventsPerExchange: number }) => {
    const db = await open();
    const tenant = await tenantById(db, o.tenant);
    if (!tenant) throw new AdminError(`no tenant ${o.tenant} (see: tenants list)`);
    const started = Date.now();
    let shown = 0;
    const written = await seedVolume(db, tenant, {
      exchanges: o.exchanges,
      auditRows: o.audit,
      days: o.days,
      eventsPerExchange: o.eventsPerExchange,
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
  });

const rollups = program.command("rollups").description("the daily and monthly figures reports read");
rollups
  .command("verify")
  .description("compare a tenant's figures with a full recount (exit status 1 when they differ)")
  .requiredOption("--tenant <tenant id>")
  .action(async (o: { tenant: string }) => {
    const db = await open();
    const tenant = await tenantById(db, o.tenant);
    if (!tenant) throw new AdminError(`no tenant ${o.tenant} (see: tenants list)`);
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
  });
rollups
  .command("rebuild")
  .description("recount a tenant's daily and monthly figures from its exchanges")
  .requiredOption("--tenant <tenant id>")
  .action(async (o: { tenant: string }) => {
    const db = await open();
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT exchange_rollup_rebuild(${o.tenant}::uuid, NULL)`);
      await tx.execute(sql`SELECT exchange_rollups_monthly_rebuild(${o.tenant}::uuid)`);
    });
    console.log(`the daily and monthly figures of tenant ${o.tenant} were recounted from its exchanges`);
  });

program
  .parseAsync(process.argv)
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((error: unknown) => {
    if (error instanceof CommanderError) {
      // commander printed what was wrong (or the help that was asked for)
      process.exit(error.exitCode === 0 ? 0 : 2);
    }
    if (error instanceof ZodError) {
      console.error(`invalid input: ${error.issues.map((i) => `${i.path.join(".") || "value"}: ${i.message}`).join("; ")}`);
      process.exit(2);
    }
    if (error instanceof AdminError || error instanceof SealingKeyMismatch) {
      console.error(`refused: ${error.message}`);
      process.exit(1);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
