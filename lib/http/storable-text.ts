import { ApiError, type ErrorDetail } from "@/lib/errors";

// PostgreSQL stores neither a NUL character (in text or in jsonb's \u0000) nor half of a UTF-16
// surrogate pair (jsonb refuses "\ud800"; text would silently get U+FFFD instead). Such input is
// refused where it enters, for every body, path segment and query value of both APIs and the
// webhook receiver, before any schema or query sees it: 400 invalid_request naming the field.

// a NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_MESSAGE = "Text may not hold a NUL character or an unpaired UTF-16 surrogate";

export const isStorable = (text: string) => !UNSTORABLE.test(text);

/** A value met on the walk, with the way back to its parent for naming its path. */
type Visit = { value: unknown; parent: Visit | null; key: string };

const pathOf = (visit: Visit, last?: string): string => {
  const parts: string[] = last === undefined ? [] : [last];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) parts.push(at.key);
  return parts.reverse().join(".");
};

/**
 * The path ("payout_method.message", "items.2") of the first string or key that cannot be stored,
 * or null. Iterative, and each path is only made for the value it names: a value nested
 * thousands deep costs neither a stack frame nor a copy of its path per level.
 */
export function firstUnstorable(value: unknown): string | null {
  const stack: Visit[] = [{ value, parent: null, key: "" }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === "string") {
      if (!isStorable(current)) return pathOf(visit) || "(body)";
    } else if (Array.isArray(current)) {
      // pushed last to first, so that the first bad one in document order is found first
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], parent: visit, key: String(i) });
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      for (const [key] of entries) if (!isStorable(key)) return pathOf(visit, "(key)");
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i] as [string, unknown];
        stack.push({ value: inner, parent: visit, key });
      }
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
