import { ApiError } from "@/lib/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is no UUID names nothing: 404, like an unknown one. */
export function idParam(value: string | undefined, what = "resource"): string {
  if (!value || !UUID.test(value)) throw new ApiError("not_found", `No such ${what}`);
  return value.toLowerCase();
}
