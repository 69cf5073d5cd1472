"use client";
import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";

const noticeSchema = z.object({
  id: z.number().optional(),
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
    const source = new EventSource("/api/events");
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
    source.addEventListener("open", () => setStatus("connected"));
    source.addEventListener("error", () => setStatus("reconnecting"));
    source.addEventListener("webhook", handle("webhook"));
    source.addEventListener("snapshot", handle("snapshot"));
    return () => source.close();
  }, [queryClient, onNotice]);
  return status;
}
