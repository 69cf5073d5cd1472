"use client";
import { useRef } from "react";
import { liveNoticeKinds } from "@/lib/dashboard/contract/live-notice-kinds";
import { parseJsonAs } from "@/lib/http/parse-json";
import { browserKinds, publishLiveSignal, type LiveNotice, type LiveSignal } from "./live-notices";
import { useEventStream, type LiveStatus } from "./use-event-stream";

export { useEventStream, type LiveStatus };
export type { LiveNotice };

/** A frame's handler for each kind a browser receives: parsed with its kind's schema, passed on as a signal. */
function handlers(onNotice: (notice: LiveNotice) => void): Record<string, (data: string) => void> {
  return Object.fromEntries(
    browserKinds.map((kind) => [
      kind,
      (data: string) => {
        const frame = parseJsonAs(liveNoticeKinds[kind].frame, data);
        if (!frame) return;
        // the frame parsed with its kind's schema is that kind's signal
        const signal = { ...frame, kind } as LiveSignal;
        publishLiveSignal(signal);
        if (signal.kind === "webhook" || signal.kind === "snapshot") onNotice(signal);
      },
    ]),
  );
}

/**
 * Follows GET /api/events and passes each parsed frame to the page (lib/dashboard/client/live-notices.ts)
 * and the notices about an exchange to `onNotice` (the shell's toasts). A webhook notice
 * refreshes the exchange's stored events; the exchange itself, the lists and the overview are
 * refreshed once its snapshot notice says the new state is stored, so a tab asks once per
 * change, not twice. Only webhook frames carry an id; after a reconnect the page asks everything again.
 */
export function useLiveEvents(onNotice: (notice: LiveNotice) => void, scope: string): LiveStatus {
  const connections = useRef(0);
  return useEventStream(
    "/api/events",
    {
      onOpen: () => {
        if (connections.current++ > 0) publishLiveSignal({ kind: "reconnected" });
      },
      on: handlers(onNotice),
      // ask the page's data again: a 401 among the answers leads to sign-in
      onRefused: () => publishLiveSignal({ kind: "refused" }),
    },
    scope,
  );
}
