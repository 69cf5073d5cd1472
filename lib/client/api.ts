import { z } from "zod";
import { errorBodySchema } from "@/lib/exchange/schemas";

// The browser's client of the dashboard API: every answer parsed with its schema.

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(code);
  }
}

/** The exchange service's clock minus this browser's, from the last answer (expiries are on its clock). */
let serviceOffsetMs = 0;
export const serviceNow = () => Date.now() + serviceOffsetMs;

export async function apiFetch<T extends z.ZodType>(
  path: string,
  schema: T,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<z.output<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      headers: { accept: "application/json", ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiClientError(0, "network_error");
  }
  const serviceHeader = Date.parse(response.headers.get("x-service-time") ?? "");
  if (!Number.isNaN(serviceHeader)) serviceOffsetMs = serviceHeader - Date.now();
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = errorBodySchema.safeParse(json);
    throw new ApiClientError(
      response.status,
      error.success ? error.data.error : "unexpected_response",
      error.success ? (error.data.details ?? []) : [],
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiClientError(response.status, "unexpected_response");
  return parsed.data;
}
