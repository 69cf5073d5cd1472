"use client";
import { useEffect, useRef, useState } from "react";
import { shareStream, type LiveStatus } from "./shared-event-stream";

export type { LiveStatus };

type Handlers = {
  /** Frames by SSE event name, with their raw data. */
  on: Record<string, (data: string) => void>;
  /** Each (re)connect: a page whose stream carries no ids asks for its state again here. */
  onOpen?: () => void;
  /** The server refused the stream (401 after the session ended, 429) rather than dropping it. */
  onRefused?: () => void;
};

/**
 * Follows a server-sent event stream through this browser's one stream of it, shared by its
 * tabs of the same session (`scope`, lib/dashboard/client/shared-event-stream.ts). A dropped stream is retried by EventSource
 * itself (resuming with Last-Event-ID where the stream has ids); a refused one is opened again
 * 5 s later, after `onRefused`.
 */
export function useEventStream(url: string, handlers: Handlers, scope = ""): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    // the event names a page listens to are fixed for the life of the stream
    const names = Object.keys(latest.current.on);
    return shareStream(
      url,
      names,
      {
        frame: (name, data) => latest.current.on[name]?.(data),
        status: setStatus,
        open: () => latest.current.onOpen?.(),
        refused: () => latest.current.onRefused?.(),
      },
      scope,
    );
  }, [url, scope]);
  return status;
}
