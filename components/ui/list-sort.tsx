"use client";
import { useTranslations } from "next-intl";
import { nextSort, parseSort, sortParam, type Sort } from "@/lib/dashboard/lists/date-range";
import { Select } from "./field";

/** The sort shown: the address's, or newest first for a value the list does not know (the server refused it). */
export function shownSort<C extends string>(value: string | undefined, columns: readonly C[]): Sort<C> {
  try {
    return parseSort(value, columns);
  } catch {
    return parseSort(undefined, columns);
  }
}

/**
 * A column header that sorts its list: a button that turns the shown column around or sorts by
 * another one newest (largest) first, with `aria-sort` on the header cell.
 */
export function SortHeader<C extends string>({
  column,
  label,
  sort,
  onSort,
  align = "left",
}: {
  column: C;
  label: string;
  sort: Sort<C>;
  onSort: (value: string) => void;
  align?: "left" | "right";
}) {
  const t = useTranslations("lists.sort");
  const active = sort.column === column;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.descending ? "descending" : "ascending") : undefined}
      className={`px-3 py-2 font-medium ${align === "right" ? "text-right" : ""}`}
    >
      <button
        type="button"
        onClick={() => onSort(sortParam(nextSort(sort, column)))}
        className={
          "inline-flex items-center gap-1 uppercase hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-orange-500 " +
          `dark:hover:text-zinc-100 ${active ? "text-zinc-900 dark:text-zinc-100" : ""}`
        }
        title={t("by", { column: label })}
      >
        {label}
        <span aria-hidden className="w-3 text-center">
          {active ? (sort.descending ? "↓" : "↑") : "↕"}
        </span>
      </button>
    </th>
  );
}

/** The sort as one choice (phones, and lists without column headers): each column either way. */
export function SortSelect<C extends string>({
  columns,
  labels,
  sort,
  onSort,
  className = "",
}: {
  columns: readonly C[];
  labels: Record<C, string>;
  sort: Sort<C>;
  onSort: (value: string) => void;
  className?: string;
}) {
  const t = useTranslations("lists.sort");
  return (
    <Select aria-label={t("label")} className={`w-auto! ${className}`} value={sortParam(sort)} onChange={(e) => onSort(e.target.value)}>
      {columns.flatMap((column) =>
        [true, false].map((descending) => (
          <option key={`${column}${descending}`} value={sortParam({ column, descending })}>
            {t(descending ? "descending" : "ascending", { column: labels[column] })}
          </option>
        )),
      )}
    </Select>
  );
}

/** How many rows the list's filters match: exact, or "10 000+" past the count's cap, in the page's language. */
export function ListTotal({ total, exact, className = "" }: { total: number; exact: boolean; className?: string }) {
  const t = useTranslations("lists");
  return (
    <p className={`text-sm text-zinc-600 dark:text-zinc-400 ${className}`} data-testid="list-total" aria-live="polite">
      {exact ? t("total", { count: total }) : t("totalCapped", { count: total })}
    </p>
  );
}
