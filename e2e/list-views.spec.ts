import type { Page } from "@playwright/test";
import { audit } from "./axe";
import { acceptLanguageOf, dashboardWords, languageTag, signInLocalized as signIn } from "./catalogue";
import { expect, test } from "./fixtures";
import { createOrderViaApi, operatorPay, ordersTwoDaysApart, shot, sized } from "./helpers";

// A list narrowed by a date range and ordered by a sort, both in the address: the rows and the
// address change, a reload keeps them, and a saved view brings them back; in English and German,
// at 1440 and 390 pixels (the two projects), axe-clean in both themes.

const ids = (page: Page, attribute: string) =>
  page.locator(`[${attribute}]`).evaluateAll((rows, name) => rows.map((row) => row.getAttribute(name)), attribute);

for (const locale of ["en", "de"] as const) {
  test.describe(locale === "en" ? "in English" : "in German", { tag: languageTag(locale) }, () => {
    test.use({ locale: acceptLanguageOf(locale) });
    const t = dashboardWords(locale);
    /** A yyyy-mm-dd day as the page's language writes it in a date field (English as in Europe). */
    const asWritten = (day: string) =>
      day
        .split("-")
        .reverse()
        .join(locale === "de" ? "." : "/");

    test("orders: a custom range and a sort change the rows and the address, a reload keeps them, a saved view restores them", async ({
      page,
    }, testInfo) => {
      test.slow(); // two pages audited in two themes, on a busy machine
      const phone = await sized(page, testInfo);
      await signIn(page, locale);
      // one order today on the service's clock, one two days later
      const { first, later, firstDay, laterDay } = await ordersTwoDaysApart(page);
      expect(laterDay > firstDay).toBe(true);

      await page.goto("/orders");
      await expect(page.getByRole("heading", { name: t("orders.list.title"), level: 1 })).toBeVisible();
      await expect(page.getByTestId("list-total")).toBeVisible();
      // a custom range of the later order's day only
      await page.getByLabel(t("lists.range.label")).selectOption("custom");
      await page.getByLabel(t("lists.range.from")).fill(asWritten(laterDay));
      await page.getByLabel(t("lists.range.from")).press("Enter");
      await expect(page).toHaveURL(new RegExp(`range=custom.*from=${laterDay}`));
      await page.getByLabel(t("lists.range.to"), { exact: true }).fill(asWritten(laterDay));
      await page.getByLabel(t("lists.range.to"), { exact: true }).press("Enter");
      await expect(page).toHaveURL(new RegExp(`to=${laterDay}`));
      await expect(page.locator(`[data-order-id="${later.id}"]`)).toBeVisible();
      await expect(page.locator(`[data-order-id="${first.id}"]`)).toHaveCount(0);

      // both days, oldest first: the later order is no longer on top
      await page.getByLabel(t("lists.range.from")).fill(asWritten(firstDay));
      await page.getByLabel(t("lists.range.from")).press("Enter");
      await expect(page).toHaveURL(new RegExp(`from=${firstDay}`));
      await expect(page.locator("[data-order-id]").first()).toHaveAttribute("data-order-id", later.id);
      await page.getByLabel(t("lists.sort.label")).selectOption("created");
      await expect(page).toHaveURL(/sort=created/);
      await expect(page.locator("[data-order-id]").first()).not.toHaveAttribute("data-order-id", later.id);
      // the first day's orders, oldest first: the other tests' orders of that day may fill the page before this one
      const oldest = await page.request.get(`/api/orders?range=custom&from=${firstDay}&to=${laterDay}&sort=created&limit=1`);
      const [top] = ((await oldest.json()) as { data: { id: string }[] }).data;
      await expect(page.locator("[data-order-id]").first()).toHaveAttribute("data-order-id", top?.id ?? "");
      const shown = await ids(page, "data-order-id");
      const address = page.url();
      const total = await page.getByTestId("list-total").textContent();
      await shot(page, testInfo, `orders-range-sort-${locale}`);
      await audit(page, testInfo, `${locale} orders with a range and a sort`);

      await page.reload();
      await expect(page).toHaveURL(address);
      await expect(page.getByLabel(t("lists.sort.label"))).toHaveValue("created");
      await expect(page.getByLabel(t("lists.range.from"))).toHaveValue(asWritten(firstDay));
      await expect(page.getByTestId("list-total")).toHaveText(total ?? "");
      expect(await ids(page, "data-order-id")).toEqual(shown);

      // saved for the team, then found again from the plain list
      const name = `${locale === "en" ? "Two days" : "Zwei Tage"} ${testInfo.project.name} ${Date.now()}`;
      await page.getByRole("button", { name: t("lists.views.button") }).click();
      await page.getByLabel(t("lists.views.name")).fill(name);
      await page.getByLabel(t("lists.views.shared")).check();
      await page.getByRole("button", { name: t("lists.views.save") }).click();
      await expect(page.getByRole("status").filter({ hasText: name })).toBeVisible();
      await shot(page, testInfo, `orders-views-${locale}`);
      await audit(page, testInfo, `${locale} orders' views`);

      await page.goto("/orders");
      await expect(page.locator("[data-order-id]").first()).toBeVisible();
      expect(await ids(page, "data-order-id")).not.toEqual(shown);
      await page.getByRole("button", { name: t("lists.views.button") }).click();
      await page.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(address);
      await expect(page.getByLabel(t("lists.sort.label"))).toHaveValue("created");
      await expect.poll(() => ids(page, "data-order-id")).toEqual(shown);

      // and deleted again
      await page.getByRole("button", { name: t("lists.views.button") }).click();
      await page.getByRole("button", { name: t("lists.views.delete", { name }) }).click();
      await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
      if (phone) await expect(page.getByRole("region", { name: t("lists.views.button") })).toBeInViewport({ ratio: 0.9 });
    });

    test("exchanges: a sort by a column and a preset range in the address, as the API orders them", async ({ page }, testInfo) => {
      test.slow();
      const phone = await sized(page, testInfo);
      await signIn(page, locale);
      const order = await createOrderViaApi(page);
      for (const amount of [40, 400]) await operatorPay(page.request, order.id, amount);

      await page.goto("/exchanges");
      await expect(page.getByRole("heading", { name: t("exchanges.list.title"), level: 1 })).toBeVisible();
      await page.getByLabel(t("lists.range.label")).selectOption("today");
      await expect(page).toHaveURL(/range=today/);
      if (phone) {
        await page.getByLabel(t("lists.sort.label")).selectOption("-amount");
      } else {
        const header = page.getByRole("columnheader", { name: t("exchanges.table.amount") });
        await header.getByRole("button").click();
        await expect(header).toHaveAttribute("aria-sort", "descending");
      }
      await expect(page).toHaveURL(/sort=-amount/);
      // the rows in the order the API gives for the same address
      const api = (await (await page.request.get("/api/exchanges?range=today&sort=-amount&limit=25")).json()) as {
        data: { id: string }[];
        total: number;
      };
      await expect.poll(() => ids(page, "data-exchange-id")).toEqual(api.data.map((e) => e.id));
      if (!phone) {
        // a second click turns the column around
        await page
          .getByRole("columnheader", { name: t("exchanges.table.amount") })
          .getByRole("button")
          .click();
        await expect(page).toHaveURL(/sort=amount/);
        await expect(page.getByRole("columnheader", { name: t("exchanges.table.amount") })).toHaveAttribute("aria-sort", "ascending");
      }
      await page.reload();
      await expect(page.getByLabel(t("lists.range.label"))).toHaveValue("today");
      await shot(page, testInfo, `exchanges-sorted-${locale}`);
      await audit(page, testInfo, `${locale} exchanges sorted`);
    });

    test("received webhooks and notifications: a range and a sort in the address, with their total", async ({ page }, testInfo) => {
      test.slow();
      await sized(page, testInfo);
      await signIn(page, locale);
      const order = await createOrderViaApi(page);
      await operatorPay(page.request, order.id, 75);
      for (const [list, heading] of [
        ["/events", t("events.page.title")],
        ["/notifications", t("notifications.title")],
      ] as const) {
        await page.goto(list);
        await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
        await page.getByLabel(t("lists.range.label")).selectOption("7d");
        await expect(page).toHaveURL(/range=7d/);
        await page.getByLabel(t("lists.sort.label")).selectOption("created");
        await expect(page).toHaveURL(/range=7d.*sort=created|sort=created.*range=7d/);
        // the total is of the rows the API gives for the same address
        const api = `/api/${list === "/events" ? "webhook-events" : "notifications"}?range=7d&sort=created`;
        const { total } = (await (await page.request.get(api)).json()) as { total: number };
        await expect(page.getByTestId("list-total")).toContainText(String(total));
        await page.reload();
        await expect(page.getByLabel(t("lists.sort.label"))).toHaveValue("created");
        await expect(page.getByLabel(t("lists.range.label"))).toHaveValue("7d");
        await shot(page, testInfo, `${list.slice(1)}-${locale}`);
        await audit(page, testInfo, `${locale} ${list} with a range and a sort`);
      }
    });
  });
}
