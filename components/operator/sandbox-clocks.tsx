"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { clockResetSchema, clockSchema } from "@/lib/service-api/operator-contract";
import type { SandboxClients } from "./deliveries-panel";

/** How far the clock buttons move the shared clock, in seconds. */
const presets = [300, 3600, 86_400] as const;

/**
 * The sandbox's clocks: the shared one, moved forward or put back to the present, and each
 * client's own clock that runs ahead of it (a tenant's scenarios let its time pass), put back.
 */
export function SandboxClocks({ now, clients }: { now: string | null; clients: SandboxClients | null }) {
  const t = useTranslations("operator.sandbox");
  const f = useFormat();
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  const { ask, dialog } = useConfirm();
  const ahead = (clients?.clients ?? []).filter((c) => c.clock_offset_seconds > 0);
  const post = (path: string, body?: unknown) =>
    void run(async () => {
      await apiFetch(path, body === undefined ? clockResetSchema : clockSchema, { method: "POST", body });
      router.refresh();
    });
  const toPresent = async () => {
    const yes = await ask({ title: t("toPresent"), message: t("confirmToPresent"), confirm: t("toPresent"), cancel: t("cancel") });
    if (yes) post("/api/operator/sandbox/clock/reset");
  };
  return (
    <Card title={t("clock")} labelId="sandbox-clock">
      <p className="text-sm" aria-live="polite">
        {now === null ? t("unavailable") : t("time", { time: f.dateTime(now) })}
      </p>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{t("clockHint")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {presets.map((seconds) => (
          <Button
            key={seconds}
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => post("/api/operator/sandbox/clock", { advance_seconds: seconds })}
          >
            {t("advance", { seconds })}
          </Button>
        ))}
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => void toPresent()}>
          {t("toPresent")}
        </Button>
      </div>
      {ahead.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-medium">{t("ownClocks")}</h3>
          <ul className="mt-1 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
            {ahead.map((client) => (
              <li key={client.client_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 wrap-anywhere">
                  {t("ownClock", {
                    name: client.name,
                    time:
                      now === null ? "—" : f.dateTime(new Date(new Date(now).getTime() + client.clock_offset_seconds * 1000).toISOString()),
                  })}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  onClick={() => post(`/api/operator/sandbox/clients/${encodeURIComponent(client.client_id)}/clock/reset`)}
                >
                  {t("toShared")}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <FormError message={error} className="mt-2" />
      {dialog}
    </Card>
  );
}
