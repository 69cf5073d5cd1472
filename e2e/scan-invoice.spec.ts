import { writeFileSync } from "node:fs";
import QRCode from "qrcode";
import { lightningNode, makeInvoice } from "../tests/integration/harness/wallet";
import { expect, OPERATOR_KEY, test } from "./fixtures";
import { lightningPayoutLink, signInAs } from "./helpers";

// "Scan from my phone": the laptop's camera reads the invoice QR code a phone wallet shows. The
// camera here is Chromium's fake capture device playing a video of that QR code; Chromium on
// Linux has no native BarcodeDetector, so this runs the ponyfill and its WebAssembly.

/** A Y4M video (what Chromium's fake camera plays) of a QR code holding `text`, white around it. */
function qrVideo(text: string, file: string) {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const [width, height] = [640, 480];
  const scale = Math.floor(400 / (qr.modules.size + 8));
  const left = Math.floor((width - qr.modules.size * scale) / 2);
  const top = Math.floor((height - qr.modules.size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < qr.modules.size; row++) {
    for (let col = 0; col < qr.modules.size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++)
        luma.fill(16, (top + row * scale + dy) * width + left + col * scale, (top + row * scale + dy) * width + left + (col + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((width * height) / 2, 128); // U and V planes at quarter size, grey
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\n`), ...Array<Buffer>(5).fill(frame)]),
  );
}

test("the laptop's camera reads the invoice QR code from the phone's wallet, which is then checked and sent", async ({
  page,
  playwright,
  launchOptions,
}, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const node = lightningNode(`scan ${Math.random()}`);
  const { url } = await lightningPayoutLink(page, node);
  const token = url.split("/pay/")[1] ?? "";
  const view = (await (await page.request.get(`/api/pay/${token}`)).json()) as {
    amount_sats: number;
    offers: { invoice: { fee_sats: number } };
  };
  const clock = await page.request.post("/sandbox/operator/clock", {
    headers: { authorization: `Bearer ${OPERATOR_KEY}` },
    data: { advance_seconds: 0 },
  });
  const now = new Date(((await clock.json()) as { now: string }).now);
  const { invoice } = makeInvoice({ node, msat: BigInt(view.amount_sats - view.offers.invoice.fee_sats) * 1000n, now });
  const video = testInfo.outputPath("invoice-qr.y4m");
  // wallets show invoices in capitals: the QR code's compact alphanumeric mode
  qrVideo(`lightning:${invoice.toUpperCase()}`, video);

  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  // a computer (a mouse, no touch screen), at the width the project sets: the scan is offered to computers only
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    isMobile: false,
    hasTouch: false,
    locale: "en-GB",
    permissions: ["camera"],
    baseURL: testInfo.project.use.baseURL,
  });
  const laptop = await context.newPage();
  await laptop.goto(url);
  await laptop.getByText("Paste an invoice instead").click();
  await laptop.getByRole("button", { name: "Scan from my phone" }).click();
  await expect(laptop.getByTestId("scan-video")).toBeVisible();
  await expect(laptop.getByLabel(/Invoice for exactly/)).toHaveValue(invoice, { timeout: 20_000 });
  await expect(laptop.getByTestId("scan-status")).toHaveText("Invoice read from the camera.");
  await expect(laptop.getByTestId("scan-video")).toBeHidden();
  await laptop.screenshot({ path: testInfo.outputPath(`scanned-${testInfo.project.name}.png`), fullPage: true });
  await laptop.getByRole("button", { name: "Pay out to this invoice" }).click();
  await expect(laptop.locator('[data-status="paying"]')).toBeVisible({ timeout: 15_000 });
  await browser.close();
});

test("a phone is not offered to scan with its own camera: the scan is for a computer reading the phone's code @phone", async ({
  page,
}, testInfo) => {
  await signInAs(page, "affiliate@example.com");
  const { url } = await lightningPayoutLink(page, lightningNode(`phone ${Math.random()}`));
  expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
  await page.goto(url);
  await page.getByText("Paste an invoice instead").click();
  await expect(page.getByLabel(/Invoice for exactly/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Scan from my phone" })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`no-scan-${testInfo.project.name}.png`), fullPage: true });
});
