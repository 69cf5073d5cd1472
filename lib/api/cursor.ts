import { z } from "zod";
import { ApiError } from "@/lib/errors";

// Opaque cursors for newest-first lists: base64url of [timestamp, id] of the last row shown.

const cursorSchema = z.tuple([z.iso.datetime(), z.guid()]);

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString("base64url");
}

export function decodeCursor(cursor: string | null): { at: Date; id: string } | null {
  if (!cursor) return null;
  try {
    const [at, id] = cursorSchema.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    return { at: new Date(at), id };
  } catch {
    throw new ApiError("invalid_request", "Invalid cursor", [{ path: "cursor", message: "Use next_cursor of a previous page" }]);
  }
}

export const limitSchema = z.coerce.number().int().min(1).max(100).default(25);
