import { ApiError } from "@/lib/errors";
import { UpstreamError } from "@/lib/service-api/client";

/** The error code an API route would have answered with for what a server-rendered page caught. */
export const errorCodeOf = (error: unknown): string =>
  error instanceof UpstreamError || error instanceof ApiError ? error.code : "internal_error";
