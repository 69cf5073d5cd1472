import type { ReactNode } from "react";
import { StateBadge } from "./state-badge";
import { shortId } from "@/lib/dashboard/client/format";

/** "Order 1a2b3c4d…" with its state badge and a line of facts beside it. */
export function PageTitle({ kind, id, state, children }: { kind: string; id: string; state: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h1 className="text-2xl font-semibold">
        {kind} <span className="font-mono text-lg">{shortId(id)}</span>
      </h1>
      <StateBadge state={state} />
      {children}
    </div>
  );
}
