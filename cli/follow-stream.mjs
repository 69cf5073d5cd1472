import { setTimeout as sleep } from "node:timers/promises";
import { refusal, unreachable } from "./client.mjs";
import { CliError } from "./errors.mjs";

// Follows the dashboard's event stream (GET /api/events, server-sent events) for as long as the
// command runs. After a disconnect (the dashboard restarted, the network dropped) it connects
// again with Last-Event-ID, the cursor of the last webhook its caller has handled, and the
// dashboard replays from its store exactly after it. Frames are handed over one at a time and
// the next is read only once the handler is done, so their order is kept. A connection counts
// as made once the dashboard says `: connected`: it then hears every notice (a webhook resent, a
// scenario run's frames), so a caller starts what it waits for only from then on.

/** The dashboard writes a comment every 15 s: this long without a byte, the connection is dead. */
const SILENCE_MS = 45_000;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 5_000;

/** @typedef {{ event: string, id: string | null, data: string }} Frame */

/**
 * @param {import("./client.mjs").Connection} connection
 * @param {{
 *   resumeAfter: () => number | null,
 *   onFrame: (frame: Frame) => Promise<void> | void,
 *   onConnected?: (again: boolean) => void,
 *   onLost?: (reason: string) => void,
 *   signal: AbortSignal,
 * }} options
 */
export async function followStream(connection, { resumeAfter, onFrame, onConnected, onLost, signal }) {
  let connectedOnce = false;
  for (let attempt = 0; !signal.aborted;) {
    const watchdog = new AbortController();
    const stop = AbortSignal.any([signal, watchdog.signal]);
    let response;
    try {
      const after = resumeAfter();
      response = await fetch(`${connection.url}/api/events`, {
        headers: {
          authorization: `Bearer ${connection.apiKey}`,
          accept: "text/event-stream",
          ...(after === null ? {} : { "last-event-id": String(after) }),
        },
        signal: stop,
      });
    } catch (error) {
      if (signal.aborted) return;
      // the first connection decides whether the dashboard is there at all; later ones wait for it
      if (!connectedOnce) throw unreachable(connection.url, error);
      onLost?.(`the dashboard at ${connection.url} cannot be reached`);
      await sleep(Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt++), undefined, { signal }).catch(() => undefined);
      continue;
    }
    if (response.status !== 200) {
      const body = await response.json().catch(() => null);
      const retryable = response.status === 429 || response.status >= 500;
      if (!retryable || !connectedOnce) throw refusal(response, body);
      onLost?.(`the dashboard answered ${response.status}`);
      await sleep(Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt++), undefined, { signal }).catch(() => undefined);
      continue;
    }
    if (!response.body) throw new CliError("The dashboard's event stream came without a body");
    const again = connectedOnce;
    connectedOnce = true;
    attempt = 0;
    try {
      await readFrames(response.body, onFrame, () => onConnected?.(again), watchdog);
      if (!signal.aborted) onLost?.("the dashboard closed the stream");
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof CliError) throw error;
      onLost?.(watchdog.signal.aborted ? "the stream went silent" : "the stream broke off");
    }
    await sleep(RETRY_FIRST_MS, undefined, { signal }).catch(() => undefined);
  }
}

/**
 * Reads `event:`, `id:` and `data:` lines into frames (a blank line ends one; comments are the
 * heartbeat, and `: connected` the stream's start) and hands each to `onFrame`, waiting for it.
 * @param {ReadableStream<Uint8Array>} body
 * @param {(frame: Frame) => Promise<void> | void} onFrame
 * @param {() => void} onOpen
 * @param {AbortController} watchdog
 */
async function readFrames(body, onFrame, onOpen, watchdog) {
  const decoder = new TextDecoder();
  let buffer = "";
  /** @type {Frame} */
  let frame = { event: "message", id: null, data: "" };
  let timer = setTimeout(() => watchdog.abort(), SILENCE_MS);
  try {
    for await (const chunk of body) {
      // the silence is counted while waiting for the dashboard, not while a handler works
      clearTimeout(timer);
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n")) !== -1) {
        const text = buffer.slice(0, end).replace(/\r$/, "");
        buffer = buffer.slice(end + 1);
        if (text === "") {
          if (frame.data !== "" || frame.id !== null) await onFrame(frame);
          frame = { event: "message", id: null, data: "" };
          continue;
        }
        if (text === ": connected") onOpen();
        if (text.startsWith(":")) continue;
        const colon = text.indexOf(":");
        const field = colon === -1 ? text : text.slice(0, colon);
        const value = colon === -1 ? "" : text.slice(colon + 1).replace(/^ /, "");
        if (field === "event") frame.event = value;
        else if (field === "id") frame.id = value;
        else if (field === "data") frame.data = frame.data === "" ? value : `${frame.data}\n${value}`;
      }
      timer = setTimeout(() => watchdog.abort(), SILENCE_MS);
    }
  } finally {
    clearTimeout(timer);
  }
}
