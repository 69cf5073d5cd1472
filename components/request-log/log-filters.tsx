"use client";
import { useTranslations } from "next-intl";
import { Select, TextInput } from "@/components/ui/field";
import { requestLogMethods, requestLogSources, statusClasses } from "@/lib/dashboard/contract/request-logs-api";
import { logPeriods } from "@/lib/dashboard/request-log/page-query";

/** A text filter applied on Enter or when the field is left, as the audit log's person. */
function TextFilter({ name, label, placeholder, filters, setFilter }: Props & { name: string; label: string; placeholder: string }) {
  return (
    <TextInput
      key={filters[name] ?? ""}
      aria-label={label}
      placeholder={placeholder}
      defaultValue={filters[name] ?? ""}
      onBlur={(e) => setFilter(name, e.target.value.trim())}
      onKeyDown={(e) => {
        if (e.key === "Enter") setFilter(name, e.currentTarget.value.trim());
      }}
      className="min-w-0 font-mono"
    />
  );
}

type Props = { filters: Record<string, string>; setFilter: (key: string, value: string) => void };

/** The request log's filters, each in the address: period, source, status class, method, path prefix, error code. */
export function LogFilters({ filters, setFilter, operator }: Props & { operator: boolean }) {
  const t = useTranslations("logs.filters");
  const select = (name: string, label: string, any: string, options: readonly string[], text: (o: string) => string = (o) => o) => (
    <Select aria-label={label} value={filters[name] ?? ""} onChange={(e) => setFilter(name, e.target.value)} className="min-w-0">
      <option value="">{any}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {text(option)}
        </option>
      ))}
    </Select>
  );
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="log-filters">
      {select("period", t("period"), t("anyTime"), logPeriods, (p) => t(`periods.${p as (typeof logPeriods)[number]}`))}
      {select("source", t("source"), t("anySource"), requestLogSources, (s) => t(`sources.${s as (typeof requestLogSources)[number]}`))}
      {select("status", t("status"), t("anyStatus"), statusClasses)}
      {select("method", t("method"), t("anyMethod"), requestLogMethods)}
      {operator && select("scope", t("scope"), t("scopes.tenant"), ["all"], () => t("scopes.all"))}
      {operator && filters.scope === "all" && (
        <TextFilter name="client_id" label={t("clientId")} placeholder={t("clientIdPlaceholder")} filters={filters} setFilter={setFilter} />
      )}
      <TextFilter name="path" label={t("path")} placeholder={t("pathPlaceholder")} filters={filters} setFilter={setFilter} />
      <TextFilter
        name="error_code"
        label={t("errorCode")}
        placeholder={t("errorCodePlaceholder")}
        filters={filters}
        setFilter={setFilter}
      />
    </div>
  );
}
