// The command line for the people who run the dashboard: `npm run admin -- --help` lists its
// commands, `npm run admin -- <group> <command> --help` each one's options. Each group of commands
// is in scripts/admin/, and what they share in scripts/admin/common.ts.
//
// It reads the same settings as the server (lib/env.ts: DATA_DIR or DATABASE_URL, the secrets),
// and must run with the server's environment: it never makes up a key for a database that already
// holds sealed data, and refuses a key that is not the database's (lib/dashboard/auth/sealing-key.ts).
// Exit status: 0 done; 1 refused (no such user, the wrong key, figures that differ); 2 a usage error
// or invalid input.
import { Command, CommanderError } from "commander";
import { ZodError } from "zod";
import { AdminError } from "@/lib/dashboard/auth/users";
import { SealingKeyMismatch } from "@/lib/dashboard/auth/sealing-key";
import { userCommands } from "./admin/users";
import { tenantCommands } from "./admin/tenants";
import { demoCommands, rollupCommands } from "./admin/data";

const program = new Command("npm run admin --")
  .description("Run the dashboard: its users, tenants, demo data and figures. Use the server's environment.")
  .showHelpAfterError()
  .exitOverride();
userCommands(program);
tenantCommands(program);
demoCommands(program);
rollupCommands(program);

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
