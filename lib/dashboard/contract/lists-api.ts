import * as z from "zod/mini";
import { rangePresets } from "@/lib/dashboard/lists/date-range";

// What every list of the dashboard API shares: a date range and a sort in its query, a total in
// its page (lib/dashboard/lists), and the saved views of its filters (/api/views).

/** The columns each list sorts by (`sort=<column>` ascending, `sort=-<column>` descending; -created by default). */
export const sortColumns = {
  exchanges: ["created", "executed", "amount", "state"],
  orders: ["created", "state"],
  events: ["created"],
  deliveries: ["created", "state"],
  notifications: ["created"],
} as const;
export type ListKind = keyof typeof sortColumns;
export const listKinds = Object.keys(sortColumns) as ListKind[];

const day = z.iso.date().check(z.meta({ description: "YYYY-MM-DD in the tenant's time zone, included" }));
const sortValues = <C extends string>(columns: readonly C[]) => columns.flatMap((c) => [c, `-${c}`] as const) as `${"" | "-"}${C}`[];

/** range, from, to and sort of a list's query. */
export function rangeAndSortQuery<C extends string>(columns: readonly C[]) {
  return {
    range: z.nullish(z.enum(rangePresets)).check(
      z.meta({
        description:
          "Days counted back from today in the tenant's time zone: today, 7d (the last 7 days), 30d, month (since the 1st), " +
          "or custom (from and to; either alone leaves that end open). from or to without range is custom.",
      }),
    ),
    from: z.nullish(day),
    to: z.nullish(day),
    sort: z
      .nullish(z.enum(sortValues(columns)))
      .check(z.meta({ description: `One of ${columns.join(", ")}; a leading - for descending (default -created)` })),
  };
}

/** What a page says of all the rows its filters match. */
export const totalFields = {
  total: z.int().check(z.meta({ description: "The rows the filters and range match (at most 10 000)" })),
  total_exact: z.boolean().check(z.meta({ description: "false: more than 10 000 match (shown as 10 000+)" })),
};

// ---- saved views ----

/** Query parameters a saved view may hold, per list: its filters, range and sort (never a cursor). */
export const viewParameters: Record<ListKind, readonly string[]> = {
  exchanges: ["state", "pair", "type", "order_id", "attention", "range", "from", "to", "sort"],
  orders: ["active", "currency", "payout_kind", "range", "from", "to", "sort"],
  events: ["result", "type", "exchange_id", "range", "from", "to", "sort"],
  // endpoint: whose deliveries (the settings page shows one endpoint's at a time)
  deliveries: ["endpoint", "status", "range", "from", "to", "sort"],
  notifications: ["unread", "range", "from", "to", "sort"],
};
export const VIEW_QUERY_MAX = 500;

export const savedViewSchema = z.object({
  id: z.string().check(z.meta({ format: "uuid" })),
  list: z.enum(listKinds),
  name: z.string(),
  /** The list's query string, without `?`. */
  query: z.string(),
  shared: z.boolean().check(z.meta({ description: "Shown to everyone of the tenant" })),
  /** Yours: only you can delete it. */
  own: z.boolean(),
  created_by: z.nullable(z.string()).check(z.meta({ description: "Who saved it (email); null once they left" })),
  created_at: z.string().check(z.meta({ format: "date-time" })),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListSchema = z.object({ data: z.array(savedViewSchema) });
export type SavedViewList = z.infer<typeof savedViewListSchema>;

export const savedViewQuerySchema = z.object({ list: z.enum(listKinds) });

export const savedViewBodySchema = z.strictObject({
  list: z.enum(listKinds),
  name: z.string().check(z.trim(), z.minLength(1, "Name the view"), z.maxLength(80)),
  query: z
    .string()
    .check(z.maxLength(VIEW_QUERY_MAX), z.meta({ description: "The list's query string (its filters, range and sort), without ?" })),
  shared: z._default(z.boolean(), false),
});
export type SavedViewBody = z.infer<typeof savedViewBodySchema>;

/** PATCH /api/views/{id}: a new name, or shared or not (one's own views only). */
export const savedViewPatchSchema = z
  .strictObject({
    name: z.optional(z.string().check(z.trim(), z.minLength(1, "Name the view"), z.maxLength(80))),
    shared: z.optional(z.boolean()),
  })
  .check(z.refine((body) => body.name !== undefined || body.shared !== undefined, "Give a name or shared"));
export type SavedViewPatch = z.infer<typeof savedViewPatchSchema>;
