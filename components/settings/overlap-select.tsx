"use client";
import { Select } from "@/components/ui/field";

/** How long a rotated secret's predecessor stays valid: the choices offered, in hours. */
const OVERLAP_HOURS = [0, 1, 24, 72, 168] as const;

/** The overlap of a secret's rotation (field `overlap`, 24 hours unless chosen), each choice as `hoursLabel` words it. */
export function OverlapSelect({ id, hoursLabel }: { id: string; hoursLabel: (hours: number) => string }) {
  return (
    <Select id={id} name="overlap" defaultValue="24">
      {OVERLAP_HOURS.map((hours) => (
        <option key={hours} value={hours}>
          {hoursLabel(hours)}
        </option>
      ))}
    </Select>
  );
}
