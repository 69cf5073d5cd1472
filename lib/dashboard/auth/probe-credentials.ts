import "server-only";
import { randomBytes } from "node:crypto";
import { ApiError } from "@/lib/errors";
import { ExchangeClient, UpstreamError } from "@/lib/service-api/client";
import { hasOnlyAPath } from "@/lib/base-url";
import { mayBePrivate } from "@/lib/dashboard/upstream/own-sandbox";

// Whether the service takes a base URL and client_id, asked before they are stored: GET
// /v1/orders/{an id nobody has}, first with a client_id nobody has (the service must refuse it:
// 401 or 403, which shows the URL leads to an API that checks credentials), then with the one
// given (the service must know it: its 404 says it had no such order). No call the API offers
// is free of side effects but this one.

const NOBODYS_ORDER = "00000000-0000-4000-8000-000000000000";

/** What the service answered: "refused", "taken" (404), or why it is not the service. */
async function ask(baseUrl: string, clientId: string): Promise<"refused" | "taken" | string> {
  try {
    await new ExchangeClient({ baseUrl, clientId, allowPrivate: mayBePrivate(baseUrl) }).getOrder(NOBODYS_ORDER);
    return NOT_THE_API;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 404) return "taken";
    if (error.status === 401 || error.status === 403) return "refused";
    // no answer, however it came to none (refused, reset, no route, a private address, the
    // deadline, too large an answer): one reason, so that the probe cannot map a network
    if (!error.body) return error.code === "upstream_invalid_response" ? NOT_THE_API : UNREACHABLE;
    return NOT_THE_API;
  }
}

const UNREACHABLE = "could not be reached (or may not be called from this server)";
const NOT_THE_API = "did not answer as the exchange service's API";

const notTheService = (reason: string) =>
  new ApiError("invalid_request", `The service at this URL ${reason}`, [
    { path: "base_url", message: `The service at this URL ${reason}: check it (it ends before /v1)` },
  ]);

/** Refuses (400 invalid_request, naming base_url or client_id, with the reason) what the service does not take. */
export async function probeCredentials(baseUrl: string, clientId: string): Promise<void> {
  if (!hasOnlyAPath(baseUrl)) {
    const message = "The service's base URL holds a scheme, a host and a path only: no query, fragment or credentials";
    throw new ApiError("invalid_request", message, [{ path: "base_url", message }]);
  }
  const stranger = await ask(baseUrl, `probe_${randomBytes(12).toString("hex")}`);
  if (stranger === "taken") throw notTheService("takes any client_id");
  if (stranger !== "refused") throw notTheService(stranger);
  const mine = await ask(baseUrl, clientId);
  if (mine === "taken") return;
  if (mine === "refused") {
    throw new ApiError("invalid_request", "The service does not accept this client_id", [
      { path: "client_id", message: "The service refused it (401): check it and try again" },
    ]);
  }
  throw notTheService(mine);
}
