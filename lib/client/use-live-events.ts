"use client";
import { useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { snapshotFrameSchema, webhookFrameSchema, type SnapshotFrame, type WebhookFrame } from "@/lib/contract/dashboard-api";
import { parseJsonAs } from "@/lib/contract/parse-json";
import { queryKeys } from "./queries";
import { useEventStream, type LiveStatus } from "./use-event-stream";

export { useEventStream, type LiveStatus };

export type LiveNotice = ({ kind: "webhook" } & WebhookFrame) | ({ kind: "snapshot" } & SnapshotFrame);

/**
 * Follows GET /api/events. A webhook notice refreshes the exchange's stored events; the exchange
 * itself, the lists and the overview are refreshed once its snapshot notice says the new state
 * is stored, so a tab asks once per change, not twice.
 */
export function useLiveEvents(onNotice: (notice: LiveNotice) => void): LiveStatus {
  const queryClient = useQueryClient();
  const connections = useRef(0);
  return useEventStream("/api/events", {
    // snapshot notices carry no id and are not replayed: after a reconnect, ask everything again
    onOpen: () => {
      if (connections.current++ > 0) void queryClient.invalidateQueries();
    },
    on: {
      webhook: (data) => {
        const frame = parseJsonAs(webhookFrameSchema, data);
        if (!frame) return;
        if (frame.exchange_id) void queryClient.invalidateQueries({ queryKey: queryKeys.exchangeEvents(frame.exchange_id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.console() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.received() });
        onNotice({ kind: "webhook", ...frame });
      },
      snapshot: (data) => {
        const frame = parseJsonAs(snapshotFrameSchema, data);
        if (!frame) return;
        void queryClient.invalidateQueries({ queryKey: queryKeys.exchange(frame.exchange_id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.exchangeLists() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.overview() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.serverPages() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.simulatorSteps(frame.exchange_id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.console() });
        onNotice({ kind: "snapshot", ...frame });
      },
    },
    // ask the page's queries again: a 401 among them leads to sign-in
    onRefused: () => void queryClient.invalidateQueries(),
  });
}
