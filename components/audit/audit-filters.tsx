"use client";
import { useTranslations } from "next-intl";
import { DateField } from "@/components/ui/date-time-field";
import { Select, TextInput } from "@/components/ui/field";
import { actionsOfArea, auditAreas } from "@/lib/dashboard/contract/audit-actions";
import { auditRanges } from "@/lib/dashboard/contract/dashboard-api";

/**
 * The audit log's filters, each kept in the address: the person, the action (grouped by area,
 * each area also as a whole), the days and the outcome.
 */
export function AuditFilters({ filters, setFilter }: { filters: Record<string, string>; setFilter: (key: string, value: string) => void }) {
  const t = useTranslations("audit");
  const range = filters.range ?? (filters.from || filters.to ? "custom" : "");
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4" data-testid="audit-filters">
      <TextInput
        key={filters.actor ?? ""}
        aria-label={t("actor")}
        placeholder={t("actorPlaceholder")}
        defaultValue={filters.actor ?? ""}
        onBlur={(e) => setFilter("actor", e.target.value.trim())}
        onKeyDown={(e) => {
          if (e.key === "Enter") setFilter("actor", e.currentTarget.value.trim());
        }}
        className="min-w-0"
      />
      <Select
        aria-label={t("action")}
        value={filters.action ?? ""}
        onChange={(e) => setFilter("action", e.target.value)}
        className="min-w-0"
      >
        <option value="">{t("everyAction")}</option>
        {auditAreas.map((area) => (
          <optgroup key={area} label={t(`areas.${area}`)}>
            <option value={`${area}.`}>{t("allOfArea", { area: t(`areas.${area}`) })}</option>
            {actionsOfArea(area).map((code) => (
              <option key={code} value={code}>
                {t(`actions.${code}`)}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
      <Select
        aria-label={t("range")}
        value={range}
        onChange={(e) => {
          setFilter("range", e.target.value);
        }}
        className="min-w-0"
      >
        <option value="">{t("anyTime")}</option>
        {auditRanges.map((r) => (
          <option key={r} value={r}>
            {t(`ranges.${r}`)}
          </option>
        ))}
      </Select>
      <Select
        aria-label={t("result")}
        value={filters.result ?? ""}
        onChange={(e) => setFilter("result", e.target.value)}
        className="min-w-0"
      >
        <option value="">{t("anyResult")}</option>
        <option value="ok">{t("succeededOption")}</option>
        <option value="failed">{t("failedOption")}</option>
      </Select>
      {range === "custom" && (
        <div className="grid grid-cols-2 gap-2 sm:col-span-2">
          {(["from", "to"] as const).map((end) => (
            <div key={end} className="flex min-w-0 flex-col gap-1 text-xs text-zinc-600 dark:text-zinc-400">
              <label htmlFor={`audit-${end}`}>{t(end)}</label>
              <DateField id={`audit-${end}`} label={t(end)} compact value={filters[end] ?? ""} onChange={(day) => setFilter(end, day)} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
