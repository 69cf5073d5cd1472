import { Field, Select } from "./field";
import { currencies } from "@/lib/exchange/schemas";

/** A labelled choice of the service's currencies (form field `currency`). */
export function CurrencyField({ id, defaultValue }: { id: string; defaultValue: string }) {
  return (
    <Field id={id} label="Currency">
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
