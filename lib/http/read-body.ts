import type { z } from "zod";
import { ApiError, parseOrThrow } from "@/lib/errors";
import { requireStorableJson } from "./storable-text";
import { parseClientJson } from "./json-text";

export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * Reads a request body up to `maxBytes`, chunk by chunk: a larger body (declared or not, e.g.
 * chunked) is refused with 413 as soon as it passes the cap, and the rest is never read into memory.
 */
export async function readCapped(req: Request, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new ApiError(
      "payload_too_large",
      `The body exceeds ${maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MiB` : `${maxBytes / 1024} KiB`}`,
    );
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * Reads a JSON body of at most `maxBytes`. An empty body reads as `{}` (POST /v1/challenges is
 * often sent without one); any other body must be declared application/json; malformed JSON, JSON
 * nested too deep (lib/http/json-text.ts), or text the database could not store
 * (lib/http/storable-text.ts), is a 400.
 */
async function readJsonBody(req: Request, maxBytes = JSON_BODY_LIMIT): Promise<unknown> {
  const text = (await readCapped(req, maxBytes)).toString("utf8");
  if (text.trim() === "") return {};
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/([a-z.+-]*\+)?json\s*(;|$)/i.test(type))
    throw new ApiError("unsupported_media_type", "Send the body as application/json");
  const parsed = parseClientJson(text);
  requireStorableJson(parsed);
  return parsed;
}

/**
 * The one JSON body reader of the sandbox and the dashboard: reads with the cap, then parses with
 * `schema` (a mismatch is 400 invalid_request listing the fields).
 */
export async function readJson<T extends z.core.$ZodType>(req: Request, schema: T, maxBytes = JSON_BODY_LIMIT): Promise<z.output<T>> {
  return parseOrThrow(schema, await readJsonBody(req, maxBytes));
}
