// Section 5 of npm run bench: what pages weigh over the wire with an empty cache, in Debian's
// Chromium, against the framework's floor (the app's blank page, /blank, in the same build), and
// Lighthouse's mobile run of the end user's payout page.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext } from "@playwright/test";
import { pageRequests, type PageRequests } from "./page-requests";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromiumArgs = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];

export type Weight = { scriptBytes: number; totalBytes: number; requests: number };

/** Bytes received for one page load in a fresh context: scripts, and everything. */
async function weigh(context: BrowserContext, url: string, ready?: string): Promise<Weight> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const types = new Map<string, string>();
  const sizes = new Map<string, number>();
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
  cdp.on("Network.loadingFinished", (e) => sizes.set(e.requestId, e.encodedDataLength));
  // a page with a live stream is never network-idle: it is loaded once its own marker is there
  await page.goto(url, { waitUntil: ready ? "load" : "networkidle" });
  if (ready) await page.waitForSelector(ready, { state: "attached" });
  await page.waitForTimeout(500); // late chunks (prefetches of links in view)
  let scriptBytes = 0;
  let totalBytes = 0;
  for (const [id, bytes] of sizes) {
    totalBytes += bytes;
    if (types.get(id) === "Script") scriptBytes += bytes;
  }
  await page.close();
  return { scriptBytes, totalBytes, requests: sizes.size };
}

export async function pageWeights(
  pages: { name: string; url: string; target: number; ready?: string; cookie?: string }[],
  floorUrl: string,
) {
  const browser = await chromium.launch({ executablePath: existsSync(chromiumPath) ? chromiumPath : undefined, args: chromiumArgs });
  try {
    const fresh = async (cookie?: string) => {
      const context = await browser.newContext();
      if (cookie) {
        const url = new URL(floorUrl);
        await context.addCookies(
          cookie.split("; ").map((pair) => {
            const [name = "", ...value] = pair.split("=");
            return { name, value: value.join("="), domain: url.hostname, path: "/" };
          }),
        );
      }
      return context;
    };
    const floorContext = await fresh();
    await weigh(floorContext, floorUrl); // the server's first render of the page is not measured
    const floor = await weigh(await fresh(), floorUrl);
    const floorRequests = await pageRequests(floorContext, floorUrl);
    await floorContext.close();
    const rows: { name: string; weight: Weight; ratio: number; target: number; requests: PageRequests }[] = [];
    for (const p of pages) {
      const context = await fresh(p.cookie);
      const weight = await weigh(context, p.url, p.ready);
      const requests = await pageRequests(context, p.url, p.ready);
      await context.close();
      rows.push({ name: p.name, weight, ratio: weight.scriptBytes / floor.scriptBytes, target: p.target, requests });
    }
    return { floor, floorRequests, rows };
  } finally {
    await browser.close();
  }
}

export type LighthouseScores = { performance: number; accessibility: number; bestPractices: number; tbtMs: number; lcpMs: number };

/**
 * Lighthouse's mobile run (its default: a mid-range phone, simulated throttling) through its own
 * CLI, `runs` times: the run with the median performance score, and every run's score. One run
 * on this noisy 2-core machine moves by ±0.1, as Lighthouse's own documentation warns.
 */
export function lighthouseMedian(url: string, runs = 3): (LighthouseScores & { all: number[] }) | { error: string } {
  const results: LighthouseScores[] = [];
  for (let i = 0; i < runs; i++) {
    const result = lighthouse(url);
    if ("error" in result) return result;
    results.push(result);
  }
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor(sorted.length / 2)] as LighthouseScores;
  return { ...median, all: results.map((r) => r.performance) };
}

function lighthouse(url: string): LighthouseScores | { error: string } {
  const bin = path.resolve(import.meta.dirname, "../../node_modules/.bin/lighthouse");
  if (!existsSync(bin)) return { error: "lighthouse is not installed" };
  const dir = mkdtempSync(path.join(os.tmpdir(), "lighthouse-"));
  const out = path.join(dir, "report.json");
  try {
    const run = spawnSync(
      bin,
      [
        url,
        "--quiet",
        "--output=json",
        `--output-path=${out}`,
        "--only-categories=performance,accessibility,best-practices",
        `--chrome-flags=--headless=new ${chromiumArgs.join(" ")}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, encoding: "utf8", timeout: 180_000 },
    );
    if (!existsSync(out)) return { error: `lighthouse failed: ${(run.stderr || run.stdout || "").slice(-400)}` };
    const report = JSON.parse(readFileSync(out, "utf8")) as {
      categories: Record<string, { score: number | null }>;
      audits: Record<string, { numericValue?: number }>;
    };
    return {
      performance: report.categories.performance?.score ?? 0,
      accessibility: report.categories.accessibility?.score ?? 0,
      bestPractices: report.categories["best-practices"]?.score ?? 0,
      tbtMs: report.audits["total-blocking-time"]?.numericValue ?? NaN,
      lcpMs: report.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
