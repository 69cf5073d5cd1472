// One signal, however many copies of it arrive. A process group's stop (systemd, `kill -- -PGID`)
// reaches a process and, through npm, reaches it again: copies within WINDOW_MS of the first
// start one drain. A signal that comes later means "now" and calls `again`.

export const WINDOW_MS = 1_000;

/**
 * @param {{ first: (signal: string) => void, again: (signal: string) => void, now?: () => number }} handlers
 * @returns {(signal: string) => "first" | "copy" | "again"}
 */
export function signalGate({ first, again, now = Date.now }) {
  let firstAt = null;
  return (signal) => {
    const at = now();
    if (firstAt === null) {
      firstAt = at;
      first(signal);
      return "first";
    }
    if (at - firstAt < WINDOW_MS) return "copy";
    again(signal);
    return "again";
  };
}
