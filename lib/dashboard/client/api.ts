import * as z from "zod/mini";
import { errorBodySchema, type ErrorBody } from "@/lib/dashboard/contract/shell-api";
import { setServiceTime } from "./service-clock";
import { requestStepUp } from "./step-up";

// The browser's client of the dashboard API: every answer parsed with its schema.

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details: NonNullable<ErrorBody["details"]> = [],
  ) {
    super(code);
  }
}

export { serviceNow } from "./service-clock";

type Init = { method?: string; body?: unknown; headers?: Record<string, string> };

/**
 * A call of the dashboard API, its answer parsed with `schema`. An action that needs a factor
 * confirmed a moment ago (403 reauthentication_required) asks the person to confirm it's you
 * and is then sent once more.
 */
export async function apiFetch<T extends z.ZodMiniType>(path: string, schema: T, init: Init = {}): Promise<z.output<T>> {
  try {
    return await send(path, schema, init);
  } catch (error) {
    if (!(error instanceof ApiClientError && error.code === "reauthentication_required") || !(await requestStepUp())) throw error;
    return send(path, schema, init);
  }
}

async function send<T extends z.ZodMiniType>(path: string, schema: T, init: Init): Promise<z.output<T>> {
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
  setServiceTime(Date.parse(response.headers.get("x-service-time") ?? ""));
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
