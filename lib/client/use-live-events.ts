"use client";
import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";

const noticeSchema = z.object({
  seq: z.number().optional(),
  event: z.string().nullable().optional(),
  exchange_id: z.string().nullable().optional(),
  order_id: z.string().nullable().optional(),
  state: z.string().optional(),
});
export type LiveNotice = z.infer<typeof noticeSchema> & { kind: "webhook" | "snapshot" };
export type LiveStatus = "connecting" | "connected" | "reconnecting";

/**
 * Follows GET /api/events: each notice invalidates the queries it concerns, so every open page
 * refreshes itself. EventSource resumes with Last-Event-ID on its own after a drop.
 */
export function useLiveEvents(onNotice: (notice: LiveNotice) => void): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");
  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const handle = (kind: LiveNotice["kind"]) => (message: MessageEvent<string>) => {
      const parsed = noticeSchema.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      const notice = { ...parsed.data, kind };
      void queryClient.invalidateQueries({ queryKey: ["exchanges"] });
      void queryClient.invalidateQueries({ queryKey: ["overview"] });
      if (notice.exchange_id) {
        void queryClient.invalidateQueries({ queryKey: ["exchange", notice.exchange_id] });
        void queryClient.invalidateQueries({ queryKey: ["exchange-events", notice.exchange_id] });
      }
      if (notice.order_id) void queryClient.invalidateQueries({ queryKey: ["order", notice.order_id] });
      onNotice(notice);
    };
    const open = () => {
      source = new EventSource("/api/events");
      source.addEventListener("open", () => setStatus("connected"));
      source.addEventListener("error", () => {
        setStatus("reconnecting");
        // EventSource retries a dropped stream by itself, but gives up on a refused one (401 after
        // the session ended, 429): ask the page's queries again, whose 401 leads to sign-in, and
        // open a new stream a little later
        if (source?.readyState !== EventSource.CLOSED) return;
        void queryClient.invalidateQueries();
        retry = setTimeout(open, 5_000);
      });
      source.addEventListener("webhook", handle("webhook"));
      source.addEventListener("snapshot", handle("snapshot"));
    };
    open();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient, onNotice]);
  return status;
}
