// `demo` and `rollups`: generated data to try the dashboard at scale, and the figures reports read.
import type { Command } from "commander";
import { sql } from "drizzle-orm";
import { AdminError } from "@/lib/dashboard/auth/users";
import { tenantById } from "@/lib/dashboard/auth/tenants";
import { seedVolume } from "@/lib/dashboard/demo/seed-volume";
import { monthlyFigures, recountedFigures, rolledUpFigures } from "@/lib/dashboard/reports/recount";
import { open, wholeNumber } from "./common";

export function demoCommands(program: Command) {
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
}

export function rollupCommands(program: Command) {
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
}
