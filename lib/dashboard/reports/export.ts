import "server-only";
import { stringify } from "csv-stringify/sync";
import type { ExportFormat } from "@/lib/dashboard/contract/reports-api";
import { errorText, logger } from "@/lib/log";

const log = logger("export");

// Exports as CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, a quote or a
// line break; UTF-8 without a byte order mark) or JSON Lines. Rows are read in batches as the
// client takes them, so a long export never sits in memory at once.

export type Column<T> = {
  name: string;
  /**
   * "text" cells may hold anything a user or the service wrote, and are neutralised against
   * formula injection; "number" cells are decimals this code formatted itself.
   */
  kind: "text" | "number";
  value: (row: T) => string | number | boolean | null;
};

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP's advice). */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvCell<T>(column: Column<T>, row: T): string {
  const value = column.value(row);
  if (value === null) return "";
  const text = String(value);
  return column.kind === "text" ? neutralise(text) : text;
}

export function csvChunk<T>(columns: Column<T>[], rows: T[]): string {
  return stringify(
    rows.map((row) => columns.map((c) => csvCell(c, row))),
    { record_delimiter: "windows" },
  );
}

function jsonLine<T>(columns: Column<T>[], row: T): string {
  return JSON.stringify(Object.fromEntries(columns.map((c) => [c.name, c.value(row)]))) + "\n";
}

export const contentTypes: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8; header=present",
  jsonl: "application/jsonl; charset=utf-8",
};

/** A streamed download: one batch is read each time the client has taken the previous one. */
export function exportResponse<T>(options: {
  format: ExportFormat;
  filename: string;
  columns: Column<T>[];
  batches: AsyncIterable<T[]>;
}): Response {
  const { format, columns } = options;
  const encoder = new TextEncoder();
  const iterator = options.batches[Symbol.asyncIterator]();
  let headerSent = format !== "csv";
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(stringify([columns.map((c) => c.name)], { record_delimiter: "windows" })));
          return;
        }
        try {
          const { value, done } = await iterator.next();
          if (done) return controller.close();
          const text = format === "csv" ? csvChunk(columns, value) : value.map((row) => jsonLine(columns, row)).join("");
          controller.enqueue(encoder.encode(text));
        } catch (error) {
          log.error({ err: errorText(error) }, "an export failed while streaming");
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(stream, {
    headers: {
      "Content-Type": contentTypes[format],
      "Content-Disposition": `attachment; filename="${options.filename}.${format}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Keyset pages of `size` until a page comes back without a next cursor. */
export async function* pages<T>(fetch: (cursor: string | null) => Promise<{ rows: T[]; next_cursor: string | null }>): AsyncGenerator<T[]> {
  let cursor: string | null = null;
  do {
    const page: { rows: T[]; next_cursor: string | null } = await fetch(cursor);
    if (page.rows.length > 0) yield page.rows;
    cursor = page.next_cursor;
  } while (cursor);
}

/** Rows read per query: large enough that round trips do not dominate, small enough to hold a few MB. */
export const EXPORT_BATCH = 2_000;
