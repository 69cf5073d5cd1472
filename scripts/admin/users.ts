// `users`: the people who sign in.
import { Option, type Command } from "commander";
import {
  addUser,
  listUsers,
  newPassword,
  resetPassword,
  resetUserSecondFactors,
  setDisabled,
  setRole,
  unlockUser,
} from "@/lib/dashboard/auth/users";
import { open } from "./common";

const roles = new Option("--role <role>", "operator, admin or viewer").choices(["operator", "admin", "viewer"]).makeOptionMandatory();

export function userCommands(program: Command) {
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
}
