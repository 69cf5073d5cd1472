import { ApiError } from "@/lib/errors";

// JSON text from anyone (a request body, a webhook, an upstream's answer, a stored row) is read
// through here. JSON.parse itself copes with deep nesting, but everything that walks the value
// afterwards (a schema, the unstorable-text check, the request log's masking, JSON.stringify)
// would recurse once per level: 4 000 levels of `[` overflowed the stack and answered 500. So
// the nesting is counted on the text first, in one pass that allocates nothing, and text nested
// deeper than MAX_JSON_DEPTH is refused before it is parsed. No document of either API nests
// past 8 levels.

export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `JSON may nest at most ${MAX_JSON_DEPTH} arrays and objects deep`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** Whether JSON text nests arrays and objects deeper than `limit` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** The refusal of text nested too deep: 400 invalid_request naming the limit. */
export function tooDeep(): ApiError {
  return new ApiError("invalid_request", TOO_DEEP_MESSAGE, [
    { path: "(body)", message: TOO_DEEP_MESSAGE, code: "too_big", maximum: MAX_JSON_DEPTH, origin: "depth" },
  ]);
}

/**
 * Parses JSON text from a client: 400 invalid_request when it nests too deep or is not JSON
 * (naming the body), never a stack overflow further on.
 */
export function parseClientJson(text: string): unknown {
  if (nestsDeeperThan(text)) throw tooDeep();
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError("invalid_request", "Malformed JSON", [
      { path: "(body)", message: error instanceof Error ? error.message : "Malformed JSON" },
    ]);
  }
}

/** Parses JSON text of unknown origin: undefined when it is not JSON or nests too deep. */
export function parseJsonOrUndefined(text: string): unknown {
  if (nestsDeeperThan(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
