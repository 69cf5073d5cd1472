// `tenants`: the API clients of the service whose dashboard this is.
import { Option, type Command } from "commander";
import { AdminError } from "@/lib/dashboard/auth/users";
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
import { decryptSecret } from "@/lib/dashboard/auth/encryption";
import { webhookHealth } from "@/lib/dashboard/webhooks/list-events";
import { webhookUrl } from "@/lib/dashboard/auth/webhook-url";
import { env } from "@/lib/env";
import { announceTenantChange, audited, checked, open, wholeNumber } from "./common";

const networks = ["mainnet", "testnet", "signet", "regtest"];

export function tenantCommands(program: Command) {
  const tenants = program.command("tenants").description("API clients of the service whose dashboard this is");
  setupCommands(tenants);
  stateCommands(tenants);
  settingCommands(tenants);
}

/** Adding a tenant, and looking at, checking and changing its wiring to the service. */
function setupCommands(tenants: Command) {
  tenants
    .command("add")
    .description("a tenant: the service's base URL and the client_id it issued; prints where to register webhooks")
    .requiredOption("--name <name>")
    .requiredOption("--base-url <url>", "the service's REST API base, e.g. https://api.example.com (paths /v1/… follow it)")
    .requiredOption("--client-id <client_id>")
    .option("--webhook-secret <secret>", "the secret shared with the service for webhooks (made and printed when not given)")
    .addOption(new Option("--network <network>", "the service's bitcoin network (default: SANDBOX_NETWORK)").choices(networks))
    .option("--unchecked", "store it without asking the service first (it cannot be reached from here yet)")
    .action(
      async (o: { name: string; baseUrl: string; clientId: string; webhookSecret?: string; network?: string; unchecked?: boolean }) => {
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
      },
    );
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
      if (health.rejections_24h > 0)
        console.log(`${health.rejections_24h} refused in 24 h (a wrong secret?): see the Events page, Rejected`);
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
}

/** Enabling, disabling, deleting, and which one is the default. */
function stateCommands(tenants: Command) {
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
}

/** Its network, time zone and webhook secret. */
function settingCommands(tenants: Command) {
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
}
