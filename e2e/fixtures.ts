import { expect, test as base } from "@playwright/test";

/**
 * Every test fails on a console error, an uncaught page error, or a Content-Security-Policy
 * violation (the pages' policy allows scripts with the response's nonce only: see
 * lib/http/content-security-policy.ts). Violations are heard in the page as they happen, on every
 * page the test opens.
 */
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
      await page.exposeBinding("__cspViolation", (_source, text: string) => void errors.push(`CSP violation: ${text}`));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          const report = (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation;
          report(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
        });
      });
      await use(errors);
      expect(errors, "console errors and CSP violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const OPERATOR_KEY = process.env.E2E_OPERATOR_KEY ?? "sk_op_e2e_operator_key_000000";
export const DEMO_PASSWORD = process.env.E2E_DEMO_PASSWORD ?? "e2e-demo-password-1";
