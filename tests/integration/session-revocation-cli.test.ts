import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { randomBytes } from "node:crypto";
import { adminCli } from "./harness/admin-cli";
import { removeDir, startApp, type RunningApp } from "./harness/app-server";
import { createScratchDatabase } from "./harness/database";
import { DashboardSession, signIn } from "./harness/dashboard";
import { openSse } from "./harness/sse";
import { oathtool } from "./harness/sign-in-steps";

// Its own app: the admin CLI resets a password, disables a user, changes a role and lifts a
// lock, and every session signed in before that must stop working (with PGlite the CLI runs
// while the app is stopped; with PostgreSQL beside it).

const keys = { encryptionKey: randomBytes(32).toString("hex"), authSecret: randomBytes(32).toString("hex") };
const operatorKey = `sk_op_revoke_${randomBytes(8).toString("hex")}`;
const password = "a-long-test-password-2";
let app: RunningApp;
let scratch: string | undefined;

const appEnv = () => ({ APP_ENCRYPTION_KEY: keys.encryptionKey, AUTH_SECRET: keys.authSecret, DEMO_PASSWORD: password });
const cli = (args: string[]) => {
  const result = adminCli(args, { dataDir: app.dataDir, databaseUrl: scratch, ...keys });
  if (result.status !== 0) throw new Error(`admin ${args.join(" ")} failed: ${result.stderr}${result.stdout}`);
  return result.stdout;
};
/** Runs admin commands: with PGlite the app must let go of the database first. */
async function admin(commands: string[][]): Promise<string[]> {
  if (!scratch) await app.stop();
  const outputs = commands.map(cli);
  if (!scratch) app = await startApp({ operatorKey, dataDir: app.dataDir, port: app.port, env: appEnv() });
  return outputs;
}
const session = (email: string, secret = password) => DashboardSession.signIn(email, secret, { baseUrl: app.baseUrl });
const works = async (s: DashboardSession) => (await s.request("GET", "/api/auth/session")).body as { user?: { role: string } };

let tenantId = "";
beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  scratch = databaseUrl ? await createScratchDatabase(databaseUrl, `revoke_${randomBytes(4).toString("hex")}`) : undefined;
  app = await startApp({ operatorKey, databaseUrl: scratch, env: appEnv() });
  const [tenants] = await admin([["tenants", "list"]]);
  tenantId = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(tenants ?? "")?.[1] ?? "";
  expect(tenantId).not.toBe("");
  await admin([["users", "add", "--email", "reset@example.com", "--role", "admin", "--tenant", tenantId, "--password", password]]);
}, 120_000);

afterAll(async () => {
  await app.stop();
  if (!scratch) removeDir(app.dataDir);
});

describe("admin commands end existing sessions", () => {
  it("reset-password, disable and set-role end the account's sessions; unlock and reset-password lift a sign-in lock", async () => {
    const [reset, disabled, changed] = await Promise.all([
      session("reset@example.com"),
      session("viewer@example.com"),
      session("affiliate@example.com"),
    ]);
    for (const s of [reset, disabled, changed]) expect(await works(s)).toHaveProperty("user");
    // five failures lock the operator's account; then even the right password is refused
    for (let i = 0; i < 5; i++)
      expect((await signIn(app.baseUrl, "operator@example.com", "wrong-password")).error).toBe("CredentialsSignin");
    expect((await signIn(app.baseUrl, "operator@example.com", password)).error).toBe("RateLimited");

    // the disabled user's open event stream ends within 20 s of the command (on PostgreSQL the
    // server keeps running beside the CLI; with PGlite it is restarted around it)
    const stream = await openSse(`${app.baseUrl}/api/events`, { cookie: disabled.cookieHeader });
    await stream.waitFor((f) => f.comment === "connected");
    const [disabledOut] = await admin([["users", "disable", "--email", "viewer@example.com"]]);
    const disabledAt = Date.now();
    await stream.done;
    expect(Date.now() - disabledAt).toBeLessThan(20_000);

    const outputs = await admin([
      ["users", "reset-password", "--email", "reset@example.com", "--password", "a-brand-new-password-3"],
      ["users", "set-role", "--email", "affiliate@example.com", "--role", "viewer", "--tenant", tenantId],
      ["users", "unlock", "--email", "operator@example.com"],
    ]);
    expect([disabledOut, ...outputs]).toEqual([
      expect.stringContaining("1 session(s) ended"),
      expect.stringContaining("1 session(s) ended"),
      expect.stringContaining("1 session(s) ended"),
      expect.stringContaining("operator@example.com unlocked"),
    ]);

    for (const s of [reset, disabled, changed]) {
      expect(await works(s)).toEqual({});
      expect((await s.request("GET", "/api/orders")).status).toBe(401);
    }
    expect((await session("reset@example.com", "a-brand-new-password-3").then(works)).user).toBeDefined();
    expect((await signIn(app.baseUrl, "viewer@example.com", password)).cookie).toBeNull();
    expect((await works(await session("affiliate@example.com"))).user?.role).toBe("viewer");
    expect((await signIn(app.baseUrl, "operator@example.com", password)).cookie).not.toBeNull();
  }, 120_000);

  it("a password reset also lifts a lock", async () => {
    for (let i = 0; i < 6; i++) await signIn(app.baseUrl, "reset@example.com", "wrong-password");
    expect((await signIn(app.baseUrl, "reset@example.com", "a-brand-new-password-3")).error).toBe("RateLimited");
    await admin([["users", "reset-password", "--email", "reset@example.com", "--password", "a-brand-new-password-4"]]);
    expect((await signIn(app.baseUrl, "reset@example.com", "a-brand-new-password-4")).cookie).not.toBeNull();
  }, 60_000);

  it("reset-2fa removes a user's second factors and ends their sessions; the audit log names the command line", async () => {
    const newPassword = "a-brand-new-password-4";
    const before = await session("reset@example.com", newPassword);
    const started = await before.request("POST", "/api/account/totp");
    const { secret } = started.body as { secret: string };
    expect((await before.request("POST", "/api/account/totp/confirm", { code: oathtool(secret) })).status).toBe(200);
    // from now on the password alone is not enough
    expect((await signIn(app.baseUrl, "reset@example.com", newPassword)).error).toBe("SecondFactorRequired");

    const [out] = await admin([["users", "reset-2fa", "--email", "reset@example.com"]]);
    expect(out).toMatch(/second factors of reset@example.com removed: [1-9]\d* session\(s\) ended/);
    expect((await before.request("GET", "/api/account/security")).status).toBe(401);
    const after = await session("reset@example.com", newPassword);
    expect(((await after.request("GET", "/api/account/security")).body as { totp: { enabled: boolean } }).totp.enabled).toBe(false);
    const audit = (await after.request("GET", "/api/audit?action=team.reset_second_factors")).body as {
      data: { action: string; user_email: string | null; request_id: string }[];
    };
    expect(audit.data[0]).toMatchObject({ action: "team.reset_second_factors", request_id: expect.stringMatching(/^cli:/) });
    expect((await admin([["users", "reset-2fa", "--email", "nobody@example.com"]]).catch((e: Error) => [e.message]))[0]).toContain(
      "no user nobody@example.com",
    );
  }, 60_000);
});
