import type { Page } from "@playwright/test";
import { localeCookie } from "../i18n/config";
import { dashboardWords, languageTag, signInLocalized as signIn } from "./catalogue";
import { expect, test } from "./fixtures";
import { ordersTwoDaysApart, shot, sized } from "./helpers";

// Dates typed as the page's language writes them, not as the browser's: a German or French page
// in a browser set to English in New York shows and reads its days in its own format, refuses a
// day that is none in its own words, and reads a time in the tenant's time zone (here UTC+14,
// where no hour is New York's), so what reaches the address and the API is what it was before.

test.use({ timezoneId: "America/New_York" });

/** How each language writes a yyyy-mm-dd day, and the pattern it asks for. */
const written = {
  de: { day: (iso: string) => iso.split("-").reverse().join("."), pattern: "TT.MM.JJJJ", dateTime: "TT.MM.JJJJ, hh:mm" },
  fr: { day: (iso: string) => iso.split("-").reverse().join("/"), pattern: "JJ/MM/AAAA", dateTime: "JJ/MM/AAAA hh:mm" },
} as const;

const noWiderThanScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const locale of ["de", "fr"] as const) {
  test.describe(locale === "de" ? "auf Deutsch" : "en français", { tag: languageTag(locale) }, () => {
    // the browser speaks American English (its own date inputs would say mm/dd/yyyy, 2:05 PM); the
    // page's language is chosen with the language switcher's cookie
    test.use({ locale: "en-US" });
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: localeCookie, value: locale, url: baseURL ?? "" }]);
    });
    const t = dashboardWords(locale);
    const { day: asWritten, pattern, dateTime } = written[locale];

    test("orders: a range typed as the page writes days narrows the list and lands in the address; a bad day is refused by name", async ({
      page,
    }, testInfo) => {
      test.slow(); // two orders, the clock moved, a reload
      const phone = await sized(page, testInfo);
      await signIn(page, locale);
      const { first, later, firstDay, laterDay } = await ordersTwoDaysApart(page);

      await page.goto("/orders");
      await expect(page.getByRole("heading", { name: t("orders.list.title"), level: 1 })).toBeVisible();
      await page.getByLabel(t("lists.range.label")).selectOption("custom");
      const from = page.getByLabel(t("lists.range.from"), { exact: true });
      const to = page.getByLabel(t("lists.range.to"), { exact: true });
      await expect(from).toHaveAttribute("placeholder", pattern);
      await expect(from).toHaveAccessibleDescription(t("common.dateInput.hint", { pattern }));

      // typed key by key as the page writes it, taken on Enter and on leaving the field
      await from.pressSequentially(asWritten(laterDay));
      await from.press("Enter");
      await expect(page).toHaveURL(new RegExp(`range=custom.*from=${laterDay}`));
      await to.pressSequentially(asWritten(laterDay));
      await to.blur();
      await expect(page).toHaveURL(new RegExp(`to=${laterDay}`));
      await expect(page.locator(`[data-order-id="${later.id}"]`)).toBeVisible();
      await expect(page.locator(`[data-order-id="${first.id}"]`)).toHaveCount(0);

      // a reload shows the days from the address as the page writes them
      await page.reload();
      await expect(from).toHaveValue(asWritten(laterDay));
      await expect(to).toHaveValue(asWritten(laterDay));

      // a day that does not exist is refused in the page's words, naming the field; the address keeps its day
      const [year] = laterDay.split("-");
      await to.fill(asWritten(`${year}-02-31`));
      await to.press("Enter");
      const refusal = t("common.dateInput.invalidDate", { field: t("lists.range.to"), pattern });
      await expect(page.getByRole("alert").filter({ hasText: refusal })).toBeVisible();
      await expect(to).toHaveAttribute("aria-invalid", "true");
      await expect(to).toHaveAccessibleDescription(refusal);
      await expect(page).toHaveURL(new RegExp(`to=${laterDay}`));
      expect(await noWiderThanScreen(page)).toBe(true);
      await shot(page, testInfo, `date-range-refused-${locale}`);

      // corrected: both days, the earlier order back in the list
      await from.fill(asWritten(firstDay));
      await from.press("Enter");
      await to.fill(asWritten(laterDay));
      await to.press("Enter");
      await expect(page.getByRole("alert").filter({ hasText: refusal })).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`from=${firstDay}`));
      await expect(page).toHaveURL(new RegExp(`to=${laterDay}`));
      await expect(page.locator(`[data-order-id="${first.id}"]`)).toBeVisible();
      expect(await noWiderThanScreen(page)).toBe(true);
      await shot(page, testInfo, `date-range-${locale}`);
      if (!phone) {
        // and on a laptop's 1280 pixels
        await page.setViewportSize({ width: 1280, height: 800 });
        await expect(to).toBeInViewport();
        expect(await noWiderThanScreen(page)).toBe(true);
        await shot(page, testInfo, `date-range-${locale}-1280`);
      }
    });

    test("forwarding: a time typed is read in the tenant's time zone, not the browser's, and sent as the same instant", async ({
      page,
    }, testInfo) => {
      await sized(page, testInfo);
      await signIn(page, locale);
      const headers = { origin: new URL(page.url()).origin };
      const zone = "Pacific/Kiritimati";
      const before = ((await (await page.request.get("/api/settings/time-zone")).json()) as { time_zone: string }).time_zone;
      expect((await page.request.put("/api/settings/time-zone", { headers, data: { time_zone: zone } })).status()).toBe(200);
      const url = `http://127.0.0.1:9/dates-${locale}-${testInfo.project.name}-${Date.now()}`;
      const added = await page.request.post("/api/forwarding/endpoints", { headers, data: { url } });
      expect(added.status(), await added.text()).toBe(201);
      const { id } = (await added.json()) as { id: string };
      try {
        await page.goto("/settings?tab=forwarding");
        const card = page.locator(`[data-endpoint="${url}"]`);
        const since = card.getByLabel(t("settings.forwarding.recoverSince"));
        await expect(since).toHaveAttribute("placeholder", dateTime);
        await expect(since).toHaveAccessibleDescription(t("common.dateInput.hintZone", { pattern: dateTime, zone }));

        // nothing typed or no time: refused in the page's words before anything is sent
        await since.fill(asWritten("2026-11-28"));
        await card.getByRole("button", { name: t("settings.forwarding.recover"), exact: true }).click();
        const refusal = t("common.dateInput.invalidDateTime", { field: t("settings.forwarding.recoverSince"), pattern: dateTime });
        await expect(card.getByRole("alert").filter({ hasText: refusal })).toBeVisible();
        await expect(since).toBeFocused();

        // 14:05 in Kiritimati (UTC+14) is 00:05 UTC the same day; in New York it would be 19:05 UTC
        await since.fill(`${asWritten("2026-11-28")} 14:05`);
        const sent = page.waitForRequest((request) => request.url().endsWith(`/api/forwarding/endpoints/${id}/recover`));
        await card.getByRole("button", { name: t("settings.forwarding.recover"), exact: true }).click();
        const request = await sent;
        expect(request.postDataJSON()).toEqual({ since: "2026-11-28T00:05:00.000Z" });
        expect((await request.response())?.status()).toBe(200);
        await expect(since).toHaveValue(`${asWritten("2026-11-28")} 14:05`.replace(" ", locale === "de" ? ", " : " "));
        await expect(card.getByRole("alert").filter({ hasText: refusal })).toHaveCount(0);
        expect(await noWiderThanScreen(page)).toBe(true);
        await shot(page, testInfo, `forwarding-recover-since-${locale}`);
      } finally {
        await page.request.delete(`/api/forwarding/endpoints/${id}`, { headers });
        await page.request.put("/api/settings/time-zone", { headers, data: { time_zone: before } });
      }
    });
  });
}
