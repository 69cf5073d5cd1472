import "server-only";
import { ServerResponse } from "node:http";

// Where an event stream writes: the socket itself once handed off out of Next.js's pipeline
// (scripts/server.mjs), or a Response body (next dev).

/** Where a stream's bytes go: the socket itself once handed off, or a Response body. */
export type Sink = { write: (bytes: Uint8Array) => void; end: () => void; onGone: (leave: () => void) => void };

/**
 * The handed-off response, written with Node.js's own methods: the ones on the response are
 * Next.js's compression layer's, which has ended (it never compresses a stream: no-transform).
 */
const nodeWrite: (this: ServerResponse, chunk: Uint8Array) => boolean = ServerResponse.prototype.write;
const nodeEnd: (this: ServerResponse) => ServerResponse = ServerResponse.prototype.end;

export function nodeSink(res: ServerResponse): Sink {
  return {
    write: (bytes) => {
      if (!res.writableEnded && !res.destroyed) nodeWrite.call(res, bytes);
    },
    end: () => void nodeEnd.call(res),
    onGone: (leave) => {
      // the client may have left between the route's answer and the handoff
      if (res.destroyed || res.closed) leave();
      else res.once("close", leave);
    },
  };
}

/** A Response body whose sink ends when the client leaves (abort, cancel), even before the stream starts. */
export function webSink(req: Request, start: (sink: Sink) => void): ReadableStream<Uint8Array> {
  let leave = () => {};
  let gone = false;
  const left = () => {
    gone = true;
    leave();
  };
  req.signal.addEventListener("abort", left, { once: true });
  return new ReadableStream<Uint8Array>({
    start(controller) {
      start({
        write: (bytes) => controller.enqueue(bytes),
        end: () => {
          req.signal.removeEventListener("abort", left);
          controller.close();
        },
        onGone: (fn) => {
          leave = fn;
          if (gone || req.signal.aborted) fn();
        },
      });
    },
    cancel: left,
  });
}
