"use client";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Select } from "@/components/ui/field";
import { FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { timeZoneSchema } from "@/lib/dashboard/contract/settings-api";

/** The tenant's time zone, in which reports and statements count days and months. */
export function TimeZoneCard({ current }: { current: string }) {
  const t = useTranslations("settings.timeZone");
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const { busy, error, run } = useSubmit();
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf("timeZone");
    return all.includes(current) ? all : [current, ...all];
  }, [current]);
  return (
    <Card title={t("title")} labelId="time-zone">
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const time_zone = String(new FormData(event.currentTarget).get("time_zone") ?? "");
          setSaved(false);
          void run(async () => {
            await apiFetch("/api/settings/time-zone", timeZoneSchema, { method: "PUT", body: { time_zone } });
            setSaved(true);
            router.refresh();
          });
        }}
      >
        <div className="min-w-64">
          <Field id="tenant-time-zone" label={t("label")}>
            <Select id="tenant-time-zone" name="time_zone" defaultValue={current}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Button type="submit" disabled={busy}>
          {t("save")}
        </Button>
        {saved && (
          <span role="status" className="text-sm text-green-700 dark:text-green-400">
            {t("saved")}
          </span>
        )}
        <FormError message={error} className="w-full" />
      </form>
    </Card>
  );
}
