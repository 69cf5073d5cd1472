"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { ErrorState, FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import type { SimulatorSteps } from "@/lib/dashboard/contract/console-api";
import { SandboxBadge } from "./sandbox-badge";
import { StepList, type DriveEvent } from "./step-list";

/**
 * "Simulate the next step" on an exchange of a sandbox tenant (admins; the page renders it only
 * for them): the sandbox's chain, Lightning and bank. `steps` as GET /api/exchanges/{id}/simulate
 * answers them, read by the page on the server, or the code of its error.
 */
export function SimulateNextStep({ exchangeId, steps }: { exchangeId: string; steps: SimulatorSteps | { error: string } }) {
  const t = useTranslations("simulator");
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  const drive = (event: DriveEvent) =>
    void run(async () => {
      try {
        const { exchangeSchema } = await import("@/lib/service-api/schemas");
        await apiFetch(`/api/exchanges/${exchangeId}/simulate`, exchangeSchema, { method: "POST", body: event });
      } finally {
        router.refresh();
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
      {"error" in steps ? (
        <ErrorState code={steps.error} retry={() => router.refresh()} />
      ) : (
        <StepList steps={steps.events} run={drive} busy={busy} />
      )}
      <FormError message={error} className="mt-2" />
    </Card>
  );
}
