"use client";
import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { rangePresets } from "@/lib/dashboard/lists/date-range";
import { DateField } from "./date-time-field";
import { Select } from "./field";

/** A list's range as its address holds it (lib/dashboard/lists/date-range.ts). */
export type RangeValue = { range?: string; from?: string; to?: string };

/**
 * A list's date range: every day, a preset (today, 7 days, 30 days, this month) or two days of
 * one's own. It writes `range`, `from` and `to` together (`onChange` gets all three, empty ones to
 * be removed), so the address always names one range. Days are the tenant's calendar days, typed
 * as the page's language writes them.
 */
export function DateRangeFilter({ value, onChange }: { value: RangeValue; onChange: (changes: Record<string, string>) => void }) {
  const t = useTranslations("lists.range");
  const id = useId();
  const shown = value.range || (value.from || value.to ? "custom" : "");
  // "custom" chosen but no day given yet: the days are asked for before the address changes
  const [customOpen, setCustomOpen] = useState(false);
  const custom = shown === "custom" || customOpen;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2" data-testid="date-range">
      <Select
        aria-label={t("label")}
        className="w-auto! min-w-36"
        value={custom ? "custom" : shown}
        onChange={(e) => {
          const range = e.target.value;
          if (range === "custom") return setCustomOpen(true);
          setCustomOpen(false);
          onChange({ range, from: "", to: "" });
        }}
      >
        <option value="">{t("all")}</option>
        {rangePresets.map((preset) => (
          <option key={preset} value={preset}>
            {t(preset)}
          </option>
        ))}
      </Select>
      {custom &&
        (["from", "to"] as const).map((end) => (
          <span key={end} className="flex min-w-0 items-baseline gap-1 text-sm text-zinc-600 dark:text-zinc-300">
            <label htmlFor={`${id}-${end}`} className="shrink-0">
              {t(end)}
            </label>
            <DateField
              id={`${id}-${end}`}
              label={t(end)}
              compact
              className="w-32!"
              value={value[end] ?? ""}
              onChange={(day) => {
                const days = { from: value.from ?? "", to: value.to ?? "", [end]: day };
                onChange({ range: days.from || days.to ? "custom" : "", ...days });
              }}
            />
          </span>
        ))}
    </div>
  );
}
