import "server-only";
import { and, getTableColumns, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { ListParamError, parseDateRange, parseSort, sortParam, type DateRange, type RangeParams, type Sort } from "./date-range";

// Keyset paging in any sort a list offers: the rows are ordered by the sort's keys and the row's
// id, all in one direction, and a page's cursor holds the sort and those values of its last row.
// The next page is the rows past them, `(k1, k2, id) < (v1, v2, id)` (or `>` ascending): a
// row comparison that an index on (tenant, k1, k2, id) starts its walk from, so page 500 costs
// what page 1 does whichever way the list is sorted. Every key is non-null (nullable columns
// are COALESCEd, in the index too): a NULL would drop the row from the comparison.

/** One key of a sort: its SQL, and the type its cursor value (text) is cast back to. */
export type SortKey = { sql: SQL; type: "timestamptz" | "text" | "numeric" | "boolean" | "bigint" | "uuid" };

export const key = (expression: SQLWrapper, type: SortKey["type"]): SortKey => ({ sql: sql`${expression}`, type });

/** The rows past the cursor's values in the sort's direction. */
export function keysetAfter(keys: SortKey[], values: string[], descending: boolean): SQL {
  const left = sql.join(
    keys.map((k) => k.sql),
    sql`, `,
  );
  const right = sql.join(
    keys.map((k, i) => sql`${values[i]}::${sql.raw(k.type)}`),
    sql`, `,
  );
  return descending ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

/** ORDER BY every key in the sort's direction. */
export const keysetOrder = (keys: SortKey[], descending: boolean): SQL[] =>
  keys.map((k) => (descending ? sql`${k.sql} DESC` : sql`${k.sql} ASC`));

/** The keys as text, to be selected with the rows (`sortKeys` of a row). */
export const keysetSelect = (keys: SortKey[]): SQL<string> =>
  sql<string>`json_build_array(${sql.join(
    keys.map((k) => sql`(${k.sql})::text`),
    sql`, `,
  )})::text`;

const cursorSchema = z.tuple([z.string().max(40)]).rest(z.string().max(200));

export function encodeKeyset(sort: Sort<string>, values: string[]): string {
  return Buffer.from(JSON.stringify([sortParam(sort), ...values])).toString("base64url");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor's value as its key's type reads it, or null when it is none: nothing of a cursor reaches the database unchecked. */
function valueOf(type: SortKey["type"], text: string): string | null {
  switch (type) {
    case "timestamptz": {
      if (text === "-infinity") return text;
      // PostgreSQL's text of a timestamptz (2026-06-15 10:00:00.123+00), written again as ISO 8601
      const iso = text.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00");
      const at = new Date(iso);
      return /^\d{4}-\d{2}-\d{2}T/.test(iso) && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
    }
    case "numeric":
      return /^-?\d{1,30}(\.\d{1,30})?$/.test(text) ? text : null;
    case "bigint":
      return /^-?\d{1,18}$/.test(text) ? text : null;
    case "boolean":
      return text === "true" || text === "false" ? text : null;
    case "uuid":
      return UUID.test(text) ? text : null;
    case "text":
      // a NUL or a lone surrogate is text PostgreSQL cannot take
      return /[\u0000\uD800-\uDFFF]/.test(text) ? null : text;
  }
}

/** A cursor's values, checked against the sort it was made for and each against its key's type. */
export function decodeKeyset(cursor: string | null | undefined, sort: Sort<string>, keys: SortKey[]): string[] | null {
  if (!cursor) return null;
  const refuse = (message: string) => new ApiError("invalid_request", "Invalid cursor", [{ path: "cursor", message }]);
  let parsed: string[];
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    throw refuse("Use next_cursor of a previous page");
  }
  const [madeFor, ...texts] = parsed;
  if (madeFor !== sortParam(sort) || texts.length !== keys.length) throw refuse("The cursor was made for another sort");
  const values = keys.map((k, i) => valueOf(k.type, texts[i] ?? ""));
  if (values.some((v) => v === null)) throw refuse("Use next_cursor of a previous page");
  return values as string[];
}

/** Rows fetched with limit + 1 and their keys as text: the page, and the cursor past its last row when more follow. */
export function keysetPage<T extends { sortKeys: string }>(rows: T[], limit: number, sort: Sort<string>) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const values = (row: T) => z.array(z.string()).parse(JSON.parse(row.sortKeys));
  return { page, next_cursor: rows.length > limit && last ? encodeKeyset(sort, values(last)) : null };
}

/** What a list selects beside its table's columns: named SQL, each read as the type it is written for. */
type Extra = Record<string, SQL<unknown>>;
type ExtraRow<E extends Extra> = { [K in keyof E]: E[K] extends SQL<infer T> ? T : never };

/**
 * One page of a list: the rows of `from` where `where` holds, past the cursor made for this sort
 * (400 invalid_request for any other), in the sort's keys, with the cursor past the page's last
 * row when more follow. Every list pages by this one query, so each is walked the same way.
 */
export async function keysetRows<Table extends PgTable, E extends Extra = Record<never, SQL<unknown>>>(
  db: Db,
  list: {
    from: Table;
    /** Columns computed beside the table's own (the exchanges' attention reason). */
    extra?: E;
    where: SQL | undefined;
    keys: SortKey[];
    sort: Sort<string>;
    cursor: string | null | undefined;
    limit: number;
  },
): Promise<{ rows: (Table["$inferSelect"] & ExtraRow<E>)[]; next_cursor: string | null }> {
  const { from, keys, sort, limit } = list;
  const after = decodeKeyset(list.cursor, sort, keys);
  const rows = (await db
    .select({ ...getTableColumns(from), ...list.extra, sortKeys: keysetSelect(keys) })
    .from(from as PgTable)
    .where(and(list.where, after ? keysetAfter(keys, after, sort.descending) : undefined))
    .orderBy(...keysetOrder(keys, sort.descending))
    .limit(limit + 1)) as (Table["$inferSelect"] & ExtraRow<E> & { sortKeys: string })[];
  const { page, next_cursor } = keysetPage(rows, limit, sort);
  return { rows: page, next_cursor };
}

/** Count no further than this: past it a list says "10 000+". */
export const COUNT_CAP = 10_000;

/**
 * How many rows a query matches, counted up to COUNT_CAP + 1, and whether that is all of them.
 * The count reads at most that many matching rows, by an index of its conditions or, where they
 * are most of the table, in storage order (the plans tests allow a scan only under this limit).
 */
export async function cappedCount(
  db: Db,
  matching: { from: Parameters<ReturnType<Db["select"]>["from"]>[0]; where: SQL | undefined },
): Promise<{ total: number; total_exact: boolean }> {
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(matching.from)
    .where(matching.where)
    .limit(COUNT_CAP + 1)
    .as("capped");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { total: COUNT_CAP, total_exact: false } : { total: n, total_exact: true };
}

/** The range and sort of a list's query, its errors as the API's (400 invalid_request, naming the parameter). */
export function rangeAndSort<C extends string>(
  query: RangeParams & { sort?: string | null },
  columns: readonly C[],
  timeZone: string,
  now = new Date(),
): { range: DateRange | null; sort: Sort<C> } {
  try {
    return { range: parseDateRange(query, timeZone, now), sort: parseSort(query.sort, columns) };
  } catch (error) {
    if (error instanceof ListParamError) {
      throw new ApiError("invalid_request", `Invalid ${error.path}`, [{ path: error.path, message: error.message }]);
    }
    throw error;
  }
}

/** The range as conditions on a timestamp column: from its first day's start, before its last day's end. */
export function inRange(column: SQLWrapper, range: DateRange | null): SQL | undefined {
  if (!range) return undefined;
  const parts: SQL[] = [];
  if (range.start) parts.push(sql`${column} >= ${range.start.toISOString()}::timestamptz`);
  if (range.end) parts.push(sql`${column} < ${range.end.toISOString()}::timestamptz`);
  return parts.length ? sql.join(parts, sql` AND `) : undefined;
}
