import { ApiError, type ErrorDetail } from "@/lib/errors";

// PostgreSQL stores neither a NUL character (in text or in jsonb's \u0000) nor half of a UTF-16
// surrogate pair (jsonb refuses "\ud800"; text would silently get U+FFFD instead). Such input is
// refused where it enters, for every body, path segment and query value of both APIs and the
// webhook receiver, before any schema or query sees it: 400 invalid_request naming the field.

// a NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_MESSAGE = "Text may not hold a NUL character or an unpaired UTF-16 surrogate";

export const isStorable = (text: string) => !UNSTORABLE.test(text);

/** The path ("payout_method.message", "items.2") of the first string or key that cannot be stored, or null. */
export function firstUnstorable(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return isStorable(value) ? null : path.join(".") || "(body)";
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstUnstorable(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (!isStorable(key)) return [...path, "(key)"].join(".");
      const found = firstUnstorable(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

const refusal = (details: ErrorDetail[]) => new ApiError("invalid_request", UNSTORABLE_MESSAGE, details);

/** Refuses a parsed JSON body holding text that cannot be stored. */
export function requireStorableJson(value: unknown): void {
  const path = firstUnstorable(value);
  if (path !== null) throw refusal([{ path, message: UNSTORABLE_MESSAGE }]);
}

/**
 * Refuses a request whose path segments or query values cannot be stored. Path parameters are
 * named "(path).<name>", query parameters by their name.
 */
export function requireStorableRequest(url: URL, params: Record<string, string>): void {
  const details: ErrorDetail[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (!isStorable(value)) details.push({ path: `(path).${name}`, message: UNSTORABLE_MESSAGE });
  }
  for (const [name, value] of url.searchParams) {
    if (!isStorable(name) || !isStorable(value)) details.push({ path: isStorable(name) ? name : "(query)", message: UNSTORABLE_MESSAGE });
  }
  if (details.length > 0) throw refusal(details.slice(0, 10));
}

/** Text of unknown origin made storable for a sample or a log: the offending characters become U+FFFD. */
export function storableSample(text: string): string {
  return text.replace(new RegExp(UNSTORABLE.source, "g"), "\ufffd");
}
