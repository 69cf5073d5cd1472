"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState, FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { useCanMutate } from "@/components/shell/session-context";
import { Link } from "@/components/ui/app-link";
import { apiFetch } from "@/lib/dashboard/client/api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import {
  builtInNames,
  RUNS_SHOWN,
  scenarioRunSchema,
  type BuiltInScenario,
  type ScenarioRun,
} from "@/lib/dashboard/contract/scenarios-api";
import { RunSteps } from "./run-steps";

const described = [...builtInNames, "custom"] as const;
const isDescribed = (name: string): name is (typeof described)[number] => (described as readonly string[]).includes(name);

const badge = {
  running: "bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300",
  succeeded: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  failed: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
} as const;

/**
 * The built-in scenarios with a Run button (admins), and the tenant's recent runs with their
 * steps, as the server rendered them (the page is drawn again when a run moves on). A run just
 * started is shown at once, until the page drawn again lists it.
 */
export function ScenariosPanel({ builtIns, runs: rendered }: { builtIns: BuiltInScenario[]; runs: ScenarioRun[] }) {
  const t = useTranslations("scenarios");
  const canRun = useCanMutate();
  const { busy, error, run } = useSubmit();
  const router = useRouter();
  const [started, setStarted] = useState<ScenarioRun | null>(null);
  const [starting, setStarting] = useState<string | null>(null);
  const runs = started && !rendered.some((r) => r.id === started.id) ? [started, ...rendered].slice(0, RUNS_SHOWN) : rendered;
  const start = (name: string) => {
    setStarting(name);
    void run(async () => {
      setStarted(await apiFetch(`/api/sandbox/scenarios/${name}/runs`, scenarioRunSchema, { method: "POST", body: {} }));
      router.refresh();
    }).finally(() => setStarting(null));
  };
  const describe = (name: string) => (isDescribed(name) ? t(`descriptions.${name}`) : name);
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <Card title={t("builtIns")}>
        {!canRun && <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t("readOnly")}</p>}
        <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
          {builtIns.map((scenario) => (
            <li key={scenario.name} className="flex min-w-0 flex-col gap-2 py-3 first:pt-0 last:pb-0" data-scenario={scenario.name}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <code className="font-mono text-sm font-medium break-all">{scenario.name}</code>
                {canRun && (
                  <Button size="sm" disabled={busy} onClick={() => start(scenario.name)} aria-label={`${t("run")} ${scenario.name}`}>
                    {starting === scenario.name ? t("starting") : t("run")}
                  </Button>
                )}
              </div>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{describe(scenario.name)}</p>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                {t("events")} <span className="font-mono break-words">{scenario.events.join(" → ")}</span>
              </p>
            </li>
          ))}
        </ul>
        <FormError message={error} className="mt-3" />
      </Card>
      <Card title={t("runs")}>
        {runs.length === 0 ? (
          <EmptyState title={canRun ? t("noRuns") : t("noRunsYet")} />
        ) : (
          <ul className="flex flex-col gap-4">
            {runs.map((r) => (
              <RunItem key={r.id} run={r} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function RunItem({ run }: { run: ScenarioRun }) {
  const t = useTranslations("scenarios");
  const f = useFormat();
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-run={run.id}>
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm font-medium break-all">
          {run.document_name ? `${run.scenario} · ${run.document_name}` : run.scenario}
        </code>
        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${badge[run.status]}`} data-run-status={run.status}>
          {t(`status.${run.status}`)}
        </span>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{t("started", { time: f.dateTime(run.created_at) })}</span>
        {run.exchange_id && (
          <Link href={`/exchanges/${run.exchange_id}`} className="text-xs text-orange-700 underline dark:text-orange-400">
            {t("exchange")}
          </Link>
        )}
      </div>
      <RunSteps steps={run.steps} />
    </li>
  );
}
