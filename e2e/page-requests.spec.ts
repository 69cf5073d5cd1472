import { pageRequests } from "../scripts/bench/page-requests";
import { expect, test } from "./fixtures";
import { createOrderViaApi, operatorPay, signInAs } from "./helpers";

// Pages settle fast and send little: a returning user's load of any dashboard page sends at most
// twelve requests, no route is prefetched because its link scrolled into view (so none twice and
// none cancelled), and a link reached for is fetched ahead once. npm run bench prints the same
// figures with the time each page takes to settle against the blank page's.

const live = '[data-live-status="connected"]';

test("every dashboard page: at most 12 requests, no prefetch sent twice or cancelled", async ({ page }) => {
  test.slow();
  await signInAs(page, "affiliate@example.com");
  const order = await createOrderViaApi(page);
  const exchangeId = await operatorPay(page.request, order.id, 75);
  for (const path of [
    "/",
    "/orders",
    `/orders/${order.id}`,
    "/exchanges",
    `/exchanges/${exchangeId}`,
    "/events",
    "/reports",
    "/audit",
    "/settings",
  ]) {
    const sent = await pageRequests(page.context(), path.startsWith("http") ? path : new URL(path, page.url()).href, live);
    expect(sent.requests, path).toBeLessThanOrEqual(12);
    expect({ path, repeated: sent.repeated, cancelled: sent.cancelled }).toEqual({ path, repeated: 0, cancelled: 0 });
  }
});

test("a link is fetched ahead when a person reaches for it (focus, pointer), once", async ({ page, isMobile }) => {
  await signInAs(page, "affiliate@example.com");
  const prefetches: string[] = [];
  page.on("request", (request) => {
    // one prefetch is two requests: the route's tree, then its data
    const headers = request.headers();
    if (headers["next-router-prefetch"] === "1") {
      prefetches.push(`${new URL(request.url()).pathname} ${headers["next-router-segment-prefetch"] ?? "data"}`);
    }
  });
  const all = page.getByRole("link", { name: "All exchanges" });
  await expect(all).toBeVisible();
  expect(prefetches).toEqual([]); // nothing for the links in view
  await all.focus();
  await expect.poll(() => prefetches.filter((p) => p.startsWith("/exchanges ")).sort()).toEqual(["/exchanges /_tree", "/exchanges data"]);
  if (!isMobile) await all.hover();
  await all.blur();
  await all.focus();
  if (isMobile) await all.tap();
  else await all.click();
  await expect(page).toHaveURL(/\/exchanges$/);
  expect(prefetches.filter((p) => p.startsWith("/exchanges ")).sort()).toEqual(["/exchanges /_tree", "/exchanges data"]);
});
