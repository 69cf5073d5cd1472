// Lets a committed state change nudge the delivery worker instead of waiting for its tick.
const holder = globalThis as typeof globalThis & { __sandboxWake?: () => void };

export function setWakeHandler(handler: () => void) {
  holder.__sandboxWake = handler;
}

export function wakeWorker() {
  // after the current transaction has had a chance to commit
  setTimeout(() => holder.__sandboxWake?.(), 5);
}
