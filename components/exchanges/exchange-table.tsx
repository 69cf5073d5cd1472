"use client";
import { Link } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { StateBadge } from "@/components/ui/state-badge";
import type { ExchangeListItem } from "@/lib/dashboard/contract/dashboard-api";
import { shortId } from "@/lib/dashboard/client/format";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { SortHeader } from "@/components/ui/list-sort";
import type { Sort } from "@/lib/dashboard/lists/date-range";
import type { sortColumns } from "@/lib/dashboard/contract/lists-api";

type Column = (typeof sortColumns.exchanges)[number];

type Item = ExchangeListItem & { tenant_name?: string };

/**
 * Exchanges as rows on wide screens and as cards on phones; the operator console adds the tenant
 * and its own link. With `sorting`, the headers of the columns it sorts by sort the list.
 */
export function ExchangeTable({
  items,
  hrefOf = (id) => `/exchanges/${id}`,
  busy = false,
  sorting,
}: {
  items: Item[];
  hrefOf?: (id: string) => string;
  /** Other filters are being rendered: the rows shown are about to change. */
  busy?: boolean;
  sorting?: { sort: Sort<Column>; onSort: (value: string) => void };
}) {
  const t = useTranslations("exchanges.table");
  const tc = useTranslations("common");
  const f = useFormat();
  const tenants = items.some((i) => i.tenant_name !== undefined);
  const header = (column: Column, label: string, align: "left" | "right" = "left") =>
    sorting ? (
      <SortHeader column={column} label={label} sort={sorting.sort} onSort={sorting.onSort} align={align} />
    ) : (
      <th className={`px-3 py-2 font-medium ${align === "right" ? "text-right" : ""}`}>{label}</th>
    );
  return (
    <div
      aria-busy={busy || undefined}
      className="overflow-hidden rounded-lg border border-zinc-200 aria-busy:opacity-60 dark:border-zinc-800"
    >
      <table className="w-full text-left text-sm">
        <thead className="hidden bg-zinc-50 text-xs text-zinc-500 uppercase sm:table-header-group dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th className="px-3 py-2 font-medium">{t("exchange")}</th>
            {tenants && <th className="px-3 py-2 font-medium">{t("tenant")}</th>}
            {header("state", t("state"))}
            <th className="px-3 py-2 font-medium">{t("pair")}</th>
            <th className="px-3 py-2 text-right font-medium">{t("cost")}</th>
            {header("amount", t("amount"), "right")}
            {sorting && header("executed", t("executed"))}
            {header("created", t("date"))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {items.map((item) => {
            const e = item.exchange;
            const currency = e?.pair.split("/")[1] ?? "eur";
            return (
              <tr
                key={item.id}
                className="grid grid-cols-2 gap-1 bg-white px-3 py-2 sm:table-row sm:p-0 dark:bg-zinc-950"
                data-exchange-id={item.id}
              >
                <td className="col-span-2 sm:px-3 sm:py-2">
                  <Link href={hrefOf(item.id)} className="font-mono text-orange-700 hover:underline dark:text-orange-400">
                    {shortId(item.id)}
                  </Link>
                  {e && <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">{tc(e.type)}</span>}
                  {item.attention && (
                    <span className="block text-xs font-medium text-amber-800 dark:text-amber-300" data-attention={item.attention}>
                      {t(`attention.${item.attention}`)}
                    </span>
                  )}
                </td>
                {tenants && <td className="col-span-2 text-sm sm:col-span-1 sm:px-3 sm:py-2">{item.tenant_name}</td>}
                <td className="sm:px-3 sm:py-2">
                  <StateBadge state={item.state} />
                </td>
                <td className="text-right uppercase sm:px-3 sm:py-2 sm:text-left">{e?.pair ?? "—"}</td>
                <td className="tabular-nums sm:px-3 sm:py-2 sm:text-right">{e ? f.fiat(e.cost, currency) : "—"}</td>
                <td className="text-right tabular-nums sm:px-3 sm:py-2">{f.btc(e?.amount)}</td>
                {sorting && (
                  <td className="hidden text-xs text-zinc-500 sm:table-cell sm:px-3 sm:py-2 dark:text-zinc-400">
                    {e?.executed_on ? f.dateTime(e.executed_on) : "—"}
                  </td>
                )}
                <td className="col-span-2 text-xs text-zinc-500 dark:text-zinc-400 sm:px-3 sm:py-2">
                  <time dateTime={item.service_at}>{f.dateTime(item.service_at)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
