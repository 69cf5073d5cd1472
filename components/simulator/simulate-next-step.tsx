"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { ErrorState, LoadingRows, FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { useShellUser } from "@/components/shell/session-context";
import { apiFetch } from "@/lib/client/api";
import { useSimulatorSteps } from "@/lib/client/console-queries";
import { queryKeys } from "@/lib/client/queries";
import { exchangeSchema } from "@/lib/exchange/schemas";
import { SandboxBadge } from "./sandbox-badge";
import { StepList, type DriveEvent } from "./step-list";

/** "Simulate the next step" on an exchange of a sandbox tenant (admins): the sandbox's chain, Lightning and bank. */
export function SimulateNextStep({ exchangeId }: { exchangeId: string }) {
  const t = useTranslations("simulator");
  const user = useShellUser();
  const enabled = user.simulator && user.role === "admin";
  const steps = useSimulatorSteps(exchangeId, enabled);
  const queryClient = useQueryClient();
  const { busy, error, run } = useSubmit();
  if (!enabled) return null;
  const drive = (event: DriveEvent) =>
    void run(async () => {
      try {
        const exchange = await apiFetch(`/api/exchanges/${exchangeId}/simulate`, exchangeSchema, { method: "POST", body: event });
        queryClient.setQueryData(queryKeys.exchange(exchangeId), exchange);
      } finally {
        await queryClient.invalidateQueries({ queryKey: queryKeys.simulatorSteps(exchangeId) });
      }
    });
  return (
    <Card
      labelId="simulate-next-step"
      title={
        <span className="flex items-center gap-2">
          {t("nextStep")} <SandboxBadge />
        </span>
      }
    >
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t("nextStepIntro")}</p>
      {steps.isPending ? (
        <LoadingRows rows={2} />
      ) : steps.isError ? (
        <ErrorState error={steps.error} retry={() => void steps.refetch()} />
      ) : (
        <StepList steps={steps.data.events} run={drive} busy={busy} />
      )}
      <FormError message={error} className="mt-2" />
    </Card>
  );
}
