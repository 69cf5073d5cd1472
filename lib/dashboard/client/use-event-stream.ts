"use client";
import { useEffect, useRef, useState } from "react";

export type LiveStatus = "connecting" | "connected" | "reconnecting";

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
