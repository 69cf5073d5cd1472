"use client";
import { useTranslations } from "next-intl";
import { Select } from "@/components/ui/field";

const states = ["executed", "interrupted", "refunded", "settled"] as const;

/** A list's filter by an exchange's state: every state, or one, named as the state badges name it. */
export function ExchangeStateSelect({
  label,
  allStates,
  value,
  onChange,
}: {
  label: string;
  allStates: string;
  value: string;
  onChange: (state: string) => void;
}) {
  const tc = useTranslations("common");
  return (
    <Select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{allStates}</option>
      {states.map((s) => (
        <option key={s} value={s}>
          {tc(`states.${s}`)}
        </option>
      ))}
    </Select>
  );
}
