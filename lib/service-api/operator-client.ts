import "server-only";
import { z } from "zod";
import { ServiceClient } from "./client";
import {
  clientListSchema,
  clockResetSchema,
  clockSchema,
  deliveriesSchema,
  deliverySchema,
  endpointSchema,
  operatorExchangeSchema,
  paymentResultSchema,
  recoverResultSchema,
  type driveEventSchema,
  type paymentSchema,
} from "./operator-contract";
import { exchangeSchema } from "./schemas";
import { errorStatus } from "@/lib/errors";

const ownCodes: ReadonlySet<string> = new Set(Object.keys(errorStatus));

export type DeliveryQuery = { exchange_id?: string; endpoint_id?: string; status?: string; since?: string; limit?: string };

/**
 * The sandbox's operator API over HTTP (Authorization: Bearer SANDBOX_OPERATOR_KEY), as the
 * dashboard's simulator uses it. Like the v1 client: typed answers, a timeout, UpstreamError.
 */
export class SandboxOperatorClient extends ServiceClient {
  constructor(baseUrl: string, operatorKey: string) {
    // only ever this app's own sandbox, on its own address, with its own table of error codes
    super({ baseUrl, authorization: `Bearer ${operatorKey}`, allowPrivate: true, knownCodes: ownCodes });
  }

  // POST /operator/payments
  pay(input: z.input<typeof paymentSchema>) {
    return this.request("POST", "/operator/payments", paymentResultSchema, input);
  }

  // GET /operator/exchanges/{id}
  exchange(id: string) {
    return this.request("GET", `/operator/exchanges/${encodeURIComponent(id)}`, operatorExchangeSchema);
  }

  // POST /operator/exchanges/{id}/events
  drive(id: string, event: z.input<typeof driveEventSchema>) {
    return this.request("POST", `/operator/exchanges/${encodeURIComponent(id)}/events`, exchangeSchema, event);
  }

  // POST /operator/clock
  clock(advanceSeconds: number) {
    return this.request("POST", "/operator/clock", clockSchema, { advance_seconds: advanceSeconds });
  }

  // POST /operator/clock/reset
  resetClock() {
    return this.request("POST", "/operator/clock/reset", clockResetSchema);
  }

  // POST /operator/clients/{client_id}/clock
  clientClock(clientId: string, advanceSeconds: number) {
    return this.request("POST", `/operator/clients/${encodeURIComponent(clientId)}/clock`, clockSchema, {
      advance_seconds: advanceSeconds,
    });
  }

  // POST /operator/clients/{client_id}/clock/reset
  resetClientClock(clientId: string) {
    return this.request("POST", `/operator/clients/${encodeURIComponent(clientId)}/clock/reset`, clockResetSchema);
  }

  // GET /operator/clients
  clients() {
    return this.request("GET", "/operator/clients", clientListSchema);
  }

  // PATCH /operator/webhook-endpoints/{id}
  setEndpointSecret(id: string, secret: string) {
    return this.request("PATCH", `/operator/webhook-endpoints/${encodeURIComponent(id)}`, endpointSchema, { secret });
  }

  // GET /operator/deliveries
  deliveries(query: DeliveryQuery) {
    const search = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
    return this.request("GET", `/operator/deliveries?${search}`, deliveriesSchema);
  }

  // POST /operator/deliveries/{id}/resend
  resend(id: string) {
    return this.request("POST", `/operator/deliveries/${encodeURIComponent(id)}/resend`, deliverySchema);
  }

  // POST /operator/deliveries/recover
  recover(endpointId: string, since: string) {
    return this.request("POST", "/operator/deliveries/recover", recoverResultSchema, { endpoint_id: endpointId, since });
  }
}
