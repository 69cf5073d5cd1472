import { createHmac, randomUUID } from "node:crypto";
import { inject } from "vitest";

// Where the cluster suites send their requests (the balancer, or one instance on purpose), and a
// webhook signed as the service signs it.

export const balancer = () => inject("baseUrl");
export const first = () => inject("instanceUrls")[0] ?? "";
export const second = () => inject("instanceUrls")[1] ?? "";
export const sign = (body: string) => `sha256=${createHmac("sha256", inject("webhookSecret")).update(body).digest("hex")}`;

export async function postWebhook(baseUrl: string, body: string) {
  const response = await fetch(`${baseUrl}/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature-256": sign(body), "x-correlation-id": randomUUID(), "x-retry-count": "0" },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}
