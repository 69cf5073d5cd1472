"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Select, TextInput, inputClass } from "@/components/ui/field";
import { EmptyState, ErrorState, LoadingRows } from "@/components/ui/states";
import { ApiClientError, apiFetch } from "@/lib/client/api";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { ExportLinks } from "@/components/ui/export-links";
import { useExchangeList } from "@/lib/client/queries";
import { ExchangeTable } from "./exchange-table";

const FILTERS = ["state", "pair", "type", "order_id", "attention"] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Lookup() {
  const router = useRouter();
  const [value, setValue] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  return (
    <form
      className="flex flex-1 flex-wrap items-start gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        const id = value.trim().toLowerCase();
        if (!UUID.test(id)) return setMessage("Paste an exchange or order id (a UUID).");
        setMessage("Looking up…");
        for (const kind of ["exchanges", "orders"] as const) {
          try {
            await apiFetch(`/api/${kind}/${id}`, z.unknown());
            return router.push(`/${kind}/${id}`);
          } catch (error) {
            if (!(error instanceof ApiClientError && error.status === 404)) return setMessage("The lookup failed. Try again.");
          }
        }
        setMessage("Not found: no exchange or order with this id for your company.");
      }}
    >
      <label htmlFor="lookup" className="sr-only">
        Exchange or order id
      </label>
      <TextInput
        id="lookup"
        placeholder="Look up an exchange or order id"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="min-w-64 flex-1"
      />
      <Button type="submit" variant="secondary">
        Look up
      </Button>
      {message && (
        <p role="status" className="w-full text-sm text-zinc-600 dark:text-zinc-400">
          {message}
        </p>
      )}
    </form>
  );
}

export function ExchangesPage() {
  const { filters, setFilter } = useUrlFilters("/exchanges", FILTERS);
  const { query, items } = useExchangeList(filters);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Exchanges</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Lookup />
          <ExportLinks path="/api/exchanges/export" filters={filters} what="these exchanges" />
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={filters.attention === "1"}
          onChange={(e) => setFilter("attention", e.target.checked ? "1" : "")}
          className="h-4 w-4 accent-orange-600"
        />
        Only exchanges that need attention (stuck too long)
      </label>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Select aria-label="State" value={filters.state ?? ""} onChange={(e) => setFilter("state", e.target.value)}>
          <option value="">All states</option>
          {["executed", "interrupted", "refunded", "settled"].map((s) => (
            <option key={s} value={s}>
              {s[0]?.toUpperCase()}
              {s.slice(1)}
            </option>
          ))}
        </Select>
        <Select aria-label="Pair" value={filters.pair ?? ""} onChange={(e) => setFilter("pair", e.target.value)}>
          <option value="">All pairs</option>
          {["btc/eur", "btc/chf", "btc/gbp"].map((p) => (
            <option key={p} value={p}>
              {p.toUpperCase()}
            </option>
          ))}
        </Select>
        <Select aria-label="Type" value={filters.type ?? ""} onChange={(e) => setFilter("type", e.target.value)}>
          <option value="">Buy and sell</option>
          <option value="buy">Buy</option>
          <option value="sell">Sell</option>
        </Select>
        <input
          aria-label="Order id"
          placeholder="Order id"
          defaultValue={filters.order_id ?? ""}
          onBlur={(e) => setFilter("order_id", UUID.test(e.target.value.trim()) ? e.target.value.trim() : "")}
          className={inputClass}
        />
      </div>
      {query.isError && <ErrorState error={query.error} retry={() => void query.refetch()} />}
      {query.isPending ? (
        <LoadingRows rows={5} />
      ) : items.length === 0 ? (
        <EmptyState
          title={
            filters.attention
              ? "Nothing needs attention"
              : Object.keys(filters).length
                ? "No exchanges match these filters"
                : "No exchanges yet"
          }
        >
          <p className="text-sm text-zinc-500 dark:text-zinc-400">Exchanges appear here, live, when payments arrive into your orders.</p>
        </EmptyState>
      ) : (
        <ExchangeTable items={items} />
      )}
      {query.hasNextPage && (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      )}
    </div>
  );
}
