"use client";

// One server-sent event stream per browser, whatever the number of tabs. Over HTTP/1.1 a browser
// opens at most six connections to a host, and each open stream holds one: a seventh tab would
// wait forever. So the tabs of one browser elect a leader with the Web Locks API (the tab that
// holds the lock named after the stream): it alone opens the EventSource and passes every frame,
// status change and (re)connect to the others over a BroadcastChannel. When it closes, its lock
// is released and the next tab in line opens the stream, resuming from the last event id the
// tabs saw (`?last_event_id=`), and every tab asks for its page's data again as after any reconnect.
// Without those APIs, each tab opens its own stream.
//
// The lock and the channel are named after the stream and the signed-in session (its scope), so
// that the tabs of whoever signs in next on this browser never follow, or resume from, the stream
// of the one before; and a tab whose session ended stops every stream it follows at once
// (stopEveryStream), before it goes to sign in.

export type LiveStatus = "connecting" | "connected" | "reconnecting";

export type StreamListener = {
  frame: (name: string, data: string) => void;
  status: (status: LiveStatus) => void;
  /** Each (re)connect, in every tab. */
  open: () => void;
  /** The server refused the stream (401, 429): it is tried again 5 s later. */
  refused: () => void;
};

type Message =
  | { type: "frame"; name: string; data: string; id: string }
  | { type: "status"; status: LiveStatus }
  | { type: "open" }
  | { type: "refused" }
  | { type: "hello" };

/** This tab's own EventSource on `url`, with a retry 5 s after a refusal; returns its stop. */
function ownStream(url: string, names: readonly string[], listener: StreamListener & { id?: (id: string) => void }): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    source = new EventSource(url);
    source.addEventListener("open", () => {
      listener.status("connected");
      listener.open();
    });
    source.addEventListener("error", () => {
      listener.status("reconnecting");
      if (source?.readyState !== EventSource.CLOSED) return;
      listener.refused();
      retry = setTimeout(open, 5_000);
    });
    for (const name of names) {
      source.addEventListener(name, (message: MessageEvent<string>) => {
        if (message.lastEventId) listener.id?.(message.lastEventId);
        listener.frame(name, message.data);
      });
    }
  };
  open();
  return () => {
    clearTimeout(retry);
    source?.close();
  };
}

/** The stream's URL for a tab that takes it over: from the last event the tabs saw. */
const resumeFrom = (url: string, lastId: string) =>
  lastId ? `${url}${url.includes("?") ? "&" : "?"}last_event_id=${encodeURIComponent(lastId)}` : url;

/** The stops of every stream this tab follows; once halted, it follows none any more. */
const following = new Set<() => void>();
let halted = false;

/** Ends every stream this tab follows, for good (its session ended: nothing more may reach it). */
export function stopEveryStream() {
  halted = true;
  for (const stop of [...following]) stop();
}

/**
 * Follows `url` through this browser's one stream of it for `scope` (the signed-in session; ""
 * for a public page's stream); returns the unsubscribe.
 */
export function shareStream(url: string, names: readonly string[], listener: StreamListener, scope = ""): () => void {
  if (halted) return () => {};
  const stop = shareStreamOf(url, names, listener, scope);
  const once = () => {
    following.delete(once);
    stop();
  };
  following.add(once);
  return once;
}

function shareStreamOf(url: string, names: readonly string[], listener: StreamListener, scope: string): () => void {
  if (typeof BroadcastChannel === "undefined" || typeof navigator === "undefined" || !("locks" in navigator)) {
    return ownStream(url, names, listener);
  }
  const name = `event-stream:${url}:${scope}`;
  const channel = new BroadcastChannel(name);
  let status: LiveStatus = "connecting";
  let lastId = "";
  let leading = false;
  let closed = false;
  let stopOwn: (() => void) | null = null;
  let release = () => {};
  const setStatus = (next: LiveStatus) => {
    status = next;
    listener.status(next);
  };
  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message.type === "hello") {
      // a tab that just arrived learns where the stream stands
      if (leading) channel.postMessage({ type: "status", status } satisfies Message);
      return;
    }
    if (leading) return;
    if (message.type === "frame") {
      if (message.id) lastId = message.id;
      listener.frame(message.name, message.data);
    } else if (message.type === "status") setStatus(message.status);
    else if (message.type === "open") {
      setStatus("connected");
      listener.open();
    } else listener.refused();
  };
  channel.postMessage({ type: "hello" } satisfies Message);
  void navigator.locks.request(name, () => {
    if (closed) return;
    leading = true;
    return new Promise<void>((resolve) => {
      release = resolve;
      stopOwn = ownStream(resumeFrom(url, lastId), names, {
        id: (id) => (lastId = id),
        frame: (frameName, data) => {
          channel.postMessage({ type: "frame", name: frameName, data, id: lastId } satisfies Message);
          listener.frame(frameName, data);
        },
        status: (next) => {
          setStatus(next);
          channel.postMessage({ type: "status", status: next } satisfies Message);
        },
        open: () => {
          channel.postMessage({ type: "open" } satisfies Message);
          listener.open();
        },
        refused: () => {
          channel.postMessage({ type: "refused" } satisfies Message);
          listener.refused();
        },
      });
    });
  });
  return () => {
    closed = true;
    stopOwn?.();
    release();
    channel.close();
  };
}
