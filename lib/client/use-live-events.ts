"use client";
import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { snapshotFrameSchema, webhookFrameSchema, type SnapshotFrame, type WebhookFrame } from "@/lib/contract/dashboard-api";
import { consoleFrameSchema } from "@/lib/contract/console-api";
import { queryKeys } from "./queries";

export type LiveStatus = "connecting" | "connected" | "reconnecting";
export type LiveNotice = ({ kind: "webhook" } & WebhookFrame) | ({ kind: "snapshot" } & SnapshotFrame);

type Handlers = {
  /** Frames by SSE event name, with their raw data. */
  on: Record<string, (data: string) => void>;
  /** Each (re)connect: a page whose stream carries no ids asks for its state again here. */
  onOpen?: () => void;
  /** The server refused the stream (401 after the session ended, 429) rather than dropping it. */
  onRefused?: () => void;
};

/**
 * Follows a server-sent event stream. EventSource retries a dropped stream by itself (resuming
 * with Last-Event-ID where the stream has ids) but gives up on a refused one: that one is opened
 * again 5 s later, after `onRefused`.
 */
export function useEventStream(url: string, handlers: Handlers): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource(url);
      source.addEventListener("open", () => {
        setStatus("connected");
        latest.current.onOpen?.();
      });
      source.addEventListener("error", () => {
        setStatus("reconnecting");
        if (source?.readyState !== EventSource.CLOSED) return;
        latest.current.onRefused?.();
        retry = setTimeout(open, 5_000);
      });
      for (const name of Object.keys(latest.current.on)) {
        source.addEventListener(name, (message: MessageEvent<string>) => latest.current.on[name]?.(message.data));
      }
    };
    open();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [url]);
  return status;
}

function parse<T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } }, data: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

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
        const frame = parse(webhookFrameSchema, data);
        if (!frame) return;
        if (frame.exchange_id) void queryClient.invalidateQueries({ queryKey: queryKeys.exchangeEvents(frame.exchange_id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.console() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.received() });
        onNotice({ kind: "webhook", ...frame });
      },
      snapshot: (data) => {
        const frame = parse(snapshotFrameSchema, data);
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

/**
 * Follows GET /api/operator/events for the operator console: any tenant's notice refreshes what
 * the console shows, and so does every (re)connect, since the stream has no ids to resume from.
 */
export function useConsoleEvents(): LiveStatus {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.console() });
  return useEventStream("/api/operator/events", {
    on: { notice: (data) => parse(consoleFrameSchema, data) && refresh() },
    onOpen: refresh,
  });
}
