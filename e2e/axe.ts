import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { expect } from "./fixtures";

// WCAG 2.2 AA as axe-core checks it, in the light and the dark theme.
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

// No page of the app has frames. axe's default mode opens a blank page for every run to merge
// the results of a page's frames, which more than doubles each audit (1.5 s against 0.6 s for
// the sign-in page in Debian's Chromium 156); legacy mode audits the page where it is.
const analyze = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true).withTags(tags).analyze();

/** Audits the page in both themes, then puts back the theme it had. */
export async function audit(page: Page, testInfo: TestInfo, name: string) {
  // the settled page: a refresh in flight (router.refresh) may have its <title> swapped out for a moment
  await expect(page).toHaveTitle(/\S/);
  expect(page.frames(), "legacy mode audits no frames").toHaveLength(1);
  const before = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  // colours are audited as they settle: a theme switch mid-transition (150 ms) is not what anyone reads
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      localStorage.setItem("theme", t);
      document.documentElement.classList.toggle("dark", t === "dark");
    }, theme);
    let results = await analyze(page);
    // a live refresh (router.refresh, e.g. as a page's event stream connects) swaps <title> out
    // for a moment: an audit that met that moment is taken again once the title is back, and a
    // page that truly has none fails the second one too
    if (results.violations.some((v) => v.id === "document-title")) {
      await expect(page).toHaveTitle(/\S/);
      results = await analyze(page);
    }
    const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    await testInfo.attach(`axe-${name}-${theme}`, { body: JSON.stringify(results.violations, null, 2), contentType: "application/json" });
    expect.soft(found, `${name} in the ${theme} theme`).toEqual([]);
  }
  await page.evaluate((dark) => {
    localStorage.setItem("theme", dark ? "dark" : "light");
    document.documentElement.classList.toggle("dark", dark);
  }, before);
}
