import { processSingleton } from "@/lib/process-singleton";

// Lets a committed state change nudge the delivery worker instead of waiting for its tick.
// Per process: the wake handler belongs to this process's one worker.
const holder = processSingleton("sandbox-wake", () => ({ handler: undefined as (() => void) | undefined }));

export function setWakeHandler(handler: () => void) {
  holder.handler = handler;
}

/** Call after the transaction that wrote events has committed: the worker reads them at once. */
export function wakeWorker() {
  holder.handler?.();
}
