import { and, eq, lt, lte, or, type AnyColumn, type SQL } from "drizzle-orm";
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

/**
 * The condition for rows after the cursor in (at, id) descending order. The bound on `at` alone is
 * what an index on (…, at DESC, id DESC) starts its walk from, so page 500 costs what page 1 does;
 * the rest settles the rows that share the cursor's `at`.
 */
export function afterCursor(cursor: { at: Date; id: string } | null, atColumn: AnyColumn, idColumn: AnyColumn): SQL | undefined {
  if (!cursor) return undefined;
  return and(lte(atColumn, cursor.at), or(lt(atColumn, cursor.at), and(eq(atColumn, cursor.at), lt(idColumn, cursor.id))));
}

/** Rows fetched with limit + 1: the page, and the cursor of its last row when more follow. */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => { at: Date; id: string }) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last).at, keyOf(last).id) : null };
}

// Lists keyed by a serial id (the audit log, the sign-in history): a page is the rows below
// `before`, newest first, and the next one starts below its last row.

/** The condition for rows below `before` (none without it). */
export function beforeId(idColumn: AnyColumn, before: number | null | undefined): SQL | undefined {
  return before ? lt(idColumn, before) : undefined;
}

/** Rows fetched with limit + 1 below `before`: the page, and the id to ask the next one below (null on the last). */
export function pageBefore<T extends { id: number }>(rows: T[], limit: number): { page: T[]; next_before: number | null } {
  const page = rows.slice(0, limit);
  return { page, next_before: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}
