import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { parse as parseCsv } from "csv-parse/sync";
import { expect, test } from "./fixtures";
import { createOrderViaApi, operatorPay, shot, signInAs } from "./helpers";

// Affiliate earnings in the browser: an agreement's share set in settings, the report with its
// server-rendered chart, a statement printed to PDF by Chromium, a payout received that differs,
// and the Export buttons, which keep the active filters.

const euros = (text: string) => Number(text.replace(/[^0-9.-]/g, ""));
const eur = (n: number) => new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" }).format(n);
const WIDE = "period=custom&from=2021-01-01&to=2030-12-31";

test("an admin sets a share, reads the report, prints a statement, records a payout, and exports", async ({ page }, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  const { affiliate_id: agreement } = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as { affiliate_id: string };
  await operatorPay(page.request, order.id, 120.5);
  await operatorPay(page.request, order.id, 80);

  // the share, in settings
  await page.goto("/settings?tab=affiliates");
  const row = page.locator(`[data-affiliate="${agreement}"]`);
  await row.getByRole("button", { name: "Add a period" }).click();
  await row.getByLabel(`Period 1 of ${agreement}: first day`).fill("2020-01-01");
  await row.getByLabel(`Period 1 of ${agreement}: share in percent`).fill("25");
  await row.getByLabel(`Label of ${agreement}`).fill("Demo agreement");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.locator(`[data-affiliate="${agreement}"]`).getByTestId("share-today")).toHaveText("25 % today");
  await shot(page, testInfo, "settings-agreements");

  // the report, grouped by agreement, matches the API's figures
  await page.goto(`/reports?${WIDE}&group=agreement`);
  await expect(page.getByRole("heading", { name: "Affiliate earnings", level: 1 })).toBeVisible();
  const api = (await (await page.request.get("/api/reports/earnings?from=2021-01-01&to=2030-12-31&group=agreement")).json()) as {
    rows: { key: string; currency: string; earnings: string }[];
  };
  const mine = api.rows.find((r) => r.key === agreement && r.currency === "eur");
  expect(Number(mine?.earnings)).toBeGreaterThan(0);
  const line = page.locator(`tr[data-group="${agreement}"][data-currency="eur"]`);
  await expect(line).toContainText("Demo agreement");
  await expect(line).toContainText(new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" }).format(Number(mine?.earnings)));
  await expect(page.getByTestId("earnings-chart")).toBeVisible();
  await shot(page, testInfo, "reports");

  // the report's export keeps its period and grouping
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV of the report" }).click(),
  ]);
  expect(download.url()).toContain("from=2021-01-01");
  expect(download.url()).toContain("group=agreement");
  const records = parseCsv(readFileSync((await download.path()) ?? ""), { columns: true }) as { group: string; earnings: string }[];
  expect(records.find((r) => r.group === agreement)?.earnings).toBe(mine?.earnings);

  // a statement: printed by Chromium to PDF, turned into PNG to look at
  await page.locator(`[data-statements="${agreement}"]`).getByRole("link").first().click();
  await expect(page.getByTestId("statement")).toBeVisible();
  const earned = (await page.getByTestId("earned-eur").textContent()) ?? "";
  expect(euros(earned)).toBeGreaterThan(0);
  await shot(page, testInfo, "statement");
  const pdf = testInfo.outputPath("statement.pdf");
  await page.emulateMedia({ media: "print" });
  await page.pdf({ path: pdf, format: "A4", printBackground: true });
  await page.emulateMedia({ media: "screen" });
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", pdf, testInfo.outputPath("statement-print")]);
  expect(statSync(testInfo.outputPath("statement-print-1.png")).size).toBeGreaterThan(5_000);
  const printed = execFileSync("pdftotext", [pdf, "-"]).toString();
  expect(printed.toLowerCase()).toContain("affiliate statement");
  expect(printed).toContain(earned);
  expect(printed).not.toContain("Record"); // the form and the shell stay off paper

  // a payout received one euro above the earnings is flagged, here and on the overview (the
  // month's statement may hold the other project's run already: the difference moves by the payout)
  const owed = -euros((await page.getByTestId("difference-eur").textContent()) ?? "");
  await page.getByLabel("Amount", { exact: true }).fill((owed + 1).toFixed(2));
  const reference = `SEPA E2E ${testInfo.project.name}`;
  await page.getByLabel("Bank reference").fill(reference);
  await page.getByRole("button", { name: "Record" }).click();
  await expect(page.getByTestId("difference-eur")).toHaveText(eur(1));
  await expect(page.locator("[data-payout]", { hasText: reference })).toBeVisible();
  await page.goto("/");
  await expect(page.getByTestId("reconciliation")).toContainText("Demo agreement");

  // the exchange list's export keeps its filters
  await page.goto("/exchanges?state=executed");
  const [exchanges] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV of these exchanges" }).click(),
  ]);
  expect(new URL(exchanges.url()).searchParams.get("state")).toBe("executed");
  const rows = parseCsv(readFileSync((await exchanges.path()) ?? ""), { columns: true }) as { id: string; state: string }[];
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.state === "executed")).toBe(true);
});

test("a bad custom period says what is wrong, and a viewer reads reports without the payout form", async ({ page }, testInfo) => {
  await signInAs(page, "viewer@example.com");
  await page.goto("/reports?period=custom&from=2026-05-01&to=2026-04-01");
  await expect(page.locator("main [role=alert]")).toContainText("from is after to");
  await shot(page, testInfo, "reports-bad-period");
  await page.goto("/reports?period=custom&from=2001-01-01&to=2001-01-31");
  await expect(page.getByText("No exchanges in this period")).toBeVisible();
});
