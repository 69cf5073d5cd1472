"use client";
import { useRef } from "react";
import { snapshotFrameSchema, webhookFrameSchema } from "@/lib/dashboard/contract/shell-api";
import { scenarioRunFrameSchema } from "@/lib/dashboard/contract/scenarios-api";
import { parseJsonAs } from "@/lib/http/parse-json";
import { publishLiveSignal, type LiveNotice } from "./live-notices";
import { useEventStream, type LiveStatus } from "./use-event-stream";

export { useEventStream, type LiveStatus };
export type { LiveNotice };

/**
 * Follows GET /api/events and passes each parsed frame to the page (lib/dashboard/client/live-notices.ts)
 * and to `onNotice` (the shell's toasts). A webhook notice refreshes the exchange's stored
 * events; the exchange itself, the lists and the overview are refreshed once its snapshot notice
 * says the new state is stored, so a tab asks once per change, not twice.
 */
export function useLiveEvents(onNotice: (notice: LiveNotice) => void, scope: string): LiveStatus {
  const connections = useRef(0);
  return useEventStream(
    "/api/events",
    {
      // snapshot notices carry no id and are not replayed: after a reconnect, ask everything again
      onOpen: () => {
        if (connections.current++ > 0) publishLiveSignal({ kind: "reconnected" });
      },
      on: {
        webhook: (data) => {
          const frame = parseJsonAs(webhookFrameSchema, data);
          if (!frame) return;
          const notice = { kind: "webhook" as const, ...frame };
          publishLiveSignal(notice);
          onNotice(notice);
        },
        // the signed-in user has a new notification: the bell asks for its count
        notification: () => publishLiveSignal({ kind: "notification" }),
        // rows of the tenant's request log were written (no id: not replayed; the page asks again on reconnect)
        request_log: () => publishLiveSignal({ kind: "request_log" }),
        // a scenario run moved on (no id: not replayed; the panel asks for its runs again on reconnect)
        scenario_run: (data) => {
          const frame = parseJsonAs(scenarioRunFrameSchema, data);
          if (frame) publishLiveSignal({ kind: "scenario_run", ...frame });
        },
        snapshot: (data) => {
          const frame = parseJsonAs(snapshotFrameSchema, data);
          if (!frame) return;
          const notice = { kind: "snapshot" as const, ...frame };
          publishLiveSignal(notice);
          onNotice(notice);
        },
      },
      // ask the page's data again: a 401 among the answers leads to sign-in
      onRefused: () => publishLiveSignal({ kind: "refused" }),
    },
    scope,
  );
}
