import { expect, test } from "./fixtures";
import { createOrderViaApi, operatorPay, signInAs } from "./helpers";

// The lists are rendered on the server a page at a time; "Load more" asks the API for the next
// page, and a live refresh of the first page keeps what was loaded without showing a row twice.
test("a long list loads more, and a new exchange arriving live is shown once", async ({ page, request }) => {
  test.setTimeout(60_000);
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  for (let i = 0; i < 27; i++) await operatorPay(request, order.id, 100 + i);
  // every one with its snapshot: until then an exchange is dated by the dashboard's guess of the
  // service's clock, which lags a clock another test moved, and a page walked meanwhile could
  // see a row's date change under it
  await expect
    .poll(async () => {
      const { data } = (await (await page.request.get(`/api/exchanges?order_id=${order.id}&limit=100`)).json()) as {
        data: { exchange: unknown }[];
      };
      return data.filter((e) => e.exchange !== null).length;
    })
    .toBe(27);

  await page.goto(`/exchanges?order_id=${order.id}`);
  await expect(page.locator('[data-live-status="connected"]')).toBeVisible();
  const rows = page.locator("tr[data-exchange-id]");
  await expect(rows).toHaveCount(25);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows).toHaveCount(27);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

  // a payment arriving now: the first page is drawn again with it, the rows loaded before stay, none twice
  const newest = await operatorPay(request, order.id, 200);
  await expect(page.locator(`tr[data-exchange-id="${newest}"]`)).toHaveCount(1);
  await expect(rows).toHaveCount(28);
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-exchange-id")));
  expect(new Set(ids).size).toBe(28);
});
