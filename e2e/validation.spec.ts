import type { Page } from "@playwright/test";
import { audit } from "./axe";
import { languageTag, type Locale } from "./catalogue";
import { DEMO_PASSWORD, expect, test } from "./fixtures";
import { createOrderViaApi, shot } from "./helpers";

// A form's validation messages are in the page's language and name the field by its label: the
// API's 400 invalid_request says which rule a field broke (zod's code and bound), the form says it.

async function signIn(page: Page, email: string, labels: { email: string; password: string; submit: string }) {
  await page.goto("/login");
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: labels.submit, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible({ timeout: 10_000 });
}

for (const { locale, acceptLanguage, login, card, pay, zero, letters } of [
  {
    locale: "de",
    acceptLanguage: "de-CH",
    login: { email: "E-Mail", password: "Passwort", submit: "Anmelden" },
    card: /Zahlung simulieren/,
    pay: "Zahlung simulieren",
    zero: "Einige Felder sind ungültig. Betrag muss größer als 0 sein.",
    letters: "Einige Felder sind ungültig. Betrag muss eine Zahl sein.",
  },
  {
    locale: "fr",
    acceptLanguage: "fr-CH",
    login: { email: "E-mail", password: "Mot de passe", submit: "Se connecter" },
    card: /Simuler un paiement/,
    pay: "Simuler le paiement",
    zero: "Certains champs ne sont pas valides. Montant doit être supérieur à 0.",
    letters: "Certains champs ne sont pas valides. Montant doit être un nombre.",
  },
]) {
  test.describe(`in ${locale}`, { tag: languageTag(locale as Locale) }, () => {
    test.use({ locale: acceptLanguage });

    test("the simulated payment's amount of 0 and of letters is refused in the page's language, by the field's name", async ({
      page,
    }, testInfo) => {
      await signIn(page, "affiliate@example.com", login);
      const order = await createOrderViaApi(page);
      await page.goto(`/orders/${order.id}`);
      const form = page.getByRole("region", { name: card });
      for (const [amount, sentence] of [
        ["0", zero],
        ["abc", letters],
      ] as const) {
        await form.getByRole("textbox").first().fill(amount);
        await form.getByRole("button", { name: pay }).click();
        await expect(form.getByRole("alert")).toHaveText(sentence);
      }
      await expect(form.getByRole("alert")).not.toContainText(/expected|Invalid input|Too small/);
      await audit(page, testInfo, `${locale} simulated payment refused`);
      await shot(page, testInfo, `${locale}-simulate-refused`);
    });
  });
}
