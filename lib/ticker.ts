import "server-only";
import type { Logger } from "pino";
import { errorText } from "@/lib/log";

export type Ticker = { tick: () => Promise<void>; stop: () => Promise<void> };

/** A pass still running after this long is said in the log: every tick waits for it. */
export const SLOW_PASS_MS = 60_000;

/**
 * Runs `pass` every `intervalMs` and whenever `tick()` is called, one pass at a time: a tick
 * during a pass asks for one more pass after it. A failing pass is logged once, and once more
 * when passes succeed again, not at every tick (a database outage would flood the log). `stop()`
 * ends the ticks and resolves once the pass under way is over. A pass that runs past SLOW_PASS_MS
 * is logged as a warning (one pass at a time means one that never ends stops the loop).
 */
export function startTicker(name: string, log: Logger, intervalMs: number, pass: () => Promise<void>): Ticker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let failing = false;

  const tick = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      const slow = setTimeout(
        () => log.warn({ seconds: SLOW_PASS_MS / 1000 }, `${name}: a pass has run this long; every tick waits for it`),
        SLOW_PASS_MS,
      );
      slow.unref();
      try {
        do {
          again = false;
          await pass();
        } while (again && !stopped);
        if (failing) log.info(`${name} runs again`);
        failing = false;
      } catch (error) {
        if (!failing) log.error({ err: errorText(error) }, `${name} failed; it tries again at every tick`);
        failing = true;
      } finally {
        clearTimeout(slow);
        running = null;
      }
    })();
    await running;
  };

  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return {
    tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
