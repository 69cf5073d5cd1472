import { expect, OPERATOR_KEY, test } from "./fixtures";
import { createOrderViaApi, operatorDrive, operatorPay, shot, signInAs } from "./helpers";

// Issue 52, at the width it was seen (1280×800): an exchange is dated by the service's time, under
// one word in the sort menu and the column header; and the header's search tells apart exchanges
// of the same cost, with the currency of every amount it shows.

/** The day of an instant in the tenant's time zone (a new database's tenant counts in Europe/Zurich). */
const dayOf = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zurich" }).format(new Date(iso));

test.use({ viewport: { width: 1280, height: 800 } });

test("exchanges: the service's date under one word in the sort menu and the header; a range of the service's days keeps them", async ({
  page,
}, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  // three days ahead on the service's clock: the dashboard sees the exchange today, the service dates it then
  const clock = await page.request.post("/sandbox/operator/clock", {
    headers: { authorization: `Bearer ${OPERATOR_KEY}` },
    data: { advance_seconds: 3 * 24 * 3600 },
  });
  expect(clock.status()).toBe(200);
  const id = await operatorPay(page.request, order.id, 91.13);
  let executedOn = "";
  await expect
    .poll(async () => {
      const reply = await page.request.get(`/api/exchanges?order_id=${order.id}`);
      const [item] = ((await reply.json()) as { data: { exchange: { executed_on: string | null } | null }[] }).data;
      executedOn = item?.exchange?.executed_on ?? "";
      return executedOn;
    })
    .not.toBe("");
  const day = dayOf(executedOn);
  expect(day > dayOf(new Date().toISOString())).toBe(true);

  await page.goto(`/exchanges?range=custom&from=${day}&to=${day}`);
  const row = page.locator(`tr[data-exchange-id="${id}"]`);
  await expect(row).toBeVisible();
  // the row's date is the service's, in the tenant's zone
  await expect(row.locator("time")).toHaveAttribute("datetime", new Date(executedOn).toISOString());
  // every column header that sorts is a choice of the sort menu, by the same word
  const headers = await page.locator("thead th[aria-sort], thead th:has(button)").allInnerTexts();
  const labels = headers.map((text) => text.replace(/[↓↑↕]/g, "").trim().toLowerCase());
  expect(labels).toContain("date");
  expect(labels).not.toContain("first seen");
  const options = (await page.getByLabel("Sort by", { exact: true }).locator("option").allTextContents()).map((o) => o.toLowerCase());
  for (const label of labels) expect(options, label).toContain(`${label}, descending`);
  await shot(page, testInfo, "exchanges-service-date");

  // a preset counts back from the service's today, three days ahead of the dashboard's: Today holds it
  await page.goto(`/exchanges?range=today&order_id=${order.id}`);
  await expect(page.getByTestId("list-total")).toHaveText("1 result");
  await expect(row).toBeVisible();
  // and Last 7 days of the service's calendar too, though the dashboard's own week ended days before
  await page.goto(`/exchanges?range=7d&order_id=${order.id}`);
  await expect(row).toBeVisible();
});

test("the header's search tells apart exchanges of the same cost: state, date, pair, short id; a bare number shows its currency", async ({
  page,
}, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  const [settled, executed] = [await operatorPay(page.request, order.id, 87.41), await operatorPay(page.request, order.id, 87.41)];
  await operatorDrive(page.request, settled, { type: "broadcast" });
  await expect
    .poll(async () => {
      const reply = await page.request.get(`/api/exchanges?order_id=${order.id}`);
      const data = ((await reply.json()) as { data: { id: string; state: string; exchange: unknown }[] }).data;
      return data.map((e) => `${e.id === settled ? "s" : "e"}:${e.state}:${e.exchange ? 1 : 0}`).sort();
    })
    .toEqual(["e:executed:1", "s:settled:1"]);

  await page.goto("/");
  await page.locator("#header-search").fill("87.41");
  await page.locator("#header-search").press("Enter");
  const group = page.getByRole("list", { name: "Exchanges" });
  const shown = async (id: string) => (await group.locator(`a[href="/exchanges/${id}"]`).innerText()).replace(/\s+/g, " ");
  await expect(group.locator(`a[href="/exchanges/${settled}"]`)).toBeVisible();
  const [one, other] = [await shown(settled), await shown(executed)];
  expect(one).not.toBe(other);
  for (const [text, id, state] of [
    [one, settled, "Settled"],
    [other, executed, "Executed"],
  ] as const) {
    expect(text).toContain(id.slice(0, 8));
    expect(text).toContain(state);
    expect(text).toContain("BTC/EUR");
    expect(text).toContain("€87.41");
    expect(text).toMatch(/\d{1,2} \w{3,4} \d{4}/);
  }
  await shot(page, testInfo, "search-results-told-apart");
});
