import { expect, test as base } from "@playwright/test";

/** Every test fails on a console error or an uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // a refused sign-in answers 401 on purpose, and pages show an API's 4xx (not found,
        // forbidden) as a state of their own; the browser still logs each as a failed resource
        const url = message.location().url;
        const handled = url.includes("/api/auth/callback/credentials") || (/\/api\//.test(url) && / status of 4\d\d /.test(message.text()));
        if (message.type() === "error" && !handled) {
          errors.push(`${message.text()} @ ${message.location().url}`);
        }
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const OPERATOR_KEY = process.env.E2E_OPERATOR_KEY ?? "sk_op_e2e_operator_key_000000";
export const DEMO_PASSWORD = process.env.E2E_DEMO_PASSWORD ?? "e2e-demo-password-1";
