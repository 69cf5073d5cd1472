import { useTranslations } from "next-intl";
import { Field, Select } from "./field";
import { currencies } from "@/lib/service-api/schemas";

/** A labelled choice of the service's currencies (form field `currency`). */
export function CurrencyField({ id, defaultValue }: { id: string; defaultValue: string }) {
  const t = useTranslations("common");
  return (
    <Field id={id} label={t("currency")}>
      <Select id={id} name="currency" defaultValue={defaultValue}>
        {currencies.map((c) => (
          <option key={c} value={c}>
            {c.toUpperCase()}
          </option>
        ))}
      </Select>
    </Field>
  );
}
