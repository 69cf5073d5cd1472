import { inject } from "vitest";
import { z } from "zod";
import { challengeSchema, errorBodySchema, exchangeSchema, orderSchema } from "@/lib/service-api/schemas";
import {
  clientCreatedSchema,
  clockSchema,
  deliveriesSchema,
  deliveryRunSchema,
  type deliverySchema,
  paymentResultSchema,
} from "@/lib/service-api/operator-contract";

export type Reply = { status: number; body: unknown; headers: Headers };

/** Plain HTTP against the running app, as any client would send it. */
export async function http(
  method: string,
  url: string,
  options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export function parse<T extends z.core.$ZodType>(schema: T, reply: Reply, status: number): z.output<T> {
  if (reply.status !== status) throw new Error(`expected HTTP ${status}, got ${reply.status}: ${JSON.stringify(reply.body)}`);
  return z.parse(schema, reply.body);
}

/** The error code of an error reply, after checking the body's shape. */
export function errorCode(reply: Reply): string {
  return errorBodySchema.parse(reply.body).error;
}

export function sandboxUrl(): string {
  return `${inject("baseUrl")}/sandbox`;
}

export class ClientApi {
  constructor(
    readonly clientId: string,
    readonly base = sandboxUrl(),
  ) {}

  request(method: string, path: string, body?: unknown) {
    return http(method, `${this.base}${path}`, { body, headers: { authorization: `client_id ${this.clientId}` } });
  }

  async challenge() {
    return parse(challengeSchema, await this.request("POST", "/v1/challenges", {}), 201);
  }

  async createOrder(body: unknown) {
    return parse(orderSchema, await this.request("POST", "/v1/orders", body), 201);
  }

  async exchange(id: string) {
    return parse(exchangeSchema, await this.request("GET", `/v1/exchanges/${id}`), 200);
  }
}

export class OperatorApi {
  constructor(
    readonly key = inject("operatorKey"),
    readonly base = sandboxUrl(),
  ) {}

  request(method: string, path: string, body?: unknown) {
    return http(method, `${this.base}/operator${path}`, { body, headers: { authorization: `Bearer ${this.key}` } });
  }

  async createClient(name: string, endpoints: { url: string; secret: string }[] = []) {
    const reply = await this.request("POST", "/clients", { name });
    if (reply.status !== 201) throw new Error(`client: ${reply.status} ${JSON.stringify(reply.body)}`);
    const client = clientCreatedSchema.parse(reply.body);
    if (endpoints.length > 0) {
      const put = await this.request("PUT", `/clients/${client.client_id}/webhook-endpoints`, { endpoints });
      if (put.status !== 200) throw new Error(`endpoints: ${put.status} ${JSON.stringify(put.body)}`);
    }
    return { ...client, api: new ClientApi(client.client_id, this.base) };
  }

  async pay(body: Record<string, unknown>) {
    const reply = await this.request("POST", "/payments", body);
    if (reply.status !== 201) throw new Error(`payment: ${reply.status} ${JSON.stringify(reply.body)}`);
    return paymentResultSchema.parse(reply.body);
  }

  async drive(exchangeId: string, event: Record<string, unknown>) {
    return this.request("POST", `/exchanges/${exchangeId}/events`, event);
  }

  async now(advanceSeconds = 0): Promise<Date> {
    const reply = await this.request("POST", "/clock", { advance_seconds: advanceSeconds });
    return new Date(clockSchema.parse(reply.body).now);
  }

  async deliveries(exchangeId: string) {
    const reply = await this.request("GET", `/deliveries?exchange_id=${exchangeId}`);
    return deliveriesSchema.parse(reply.body).deliveries;
  }

  async runDeliveries() {
    return deliveryRunSchema.parse((await this.request("POST", "/deliveries/run")).body);
  }
}

export type Delivery = z.infer<typeof deliverySchema>;
