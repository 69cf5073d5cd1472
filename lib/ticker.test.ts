import { afterEach, describe, expect, it, vi } from "vitest";
import pino from "pino";
import { SLOW_PASS_MS, startTicker } from "./ticker";

// The ticker behind the sandbox's delivery worker and the job runner: one pass at a time, so a
// pass that never ends would stop the loop without a word; it is said in the log.

afterEach(() => vi.useRealTimers());

function capturingLog() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
  return { log, lines };
}

describe("startTicker", () => {
  it("says in the log, once, when a pass has run for SLOW_PASS_MS; a pass that ends sooner says nothing", async () => {
    vi.useFakeTimers();
    const { log, lines } = capturingLog();
    let finish = () => {};
    const ticker = startTicker("the test loop", log, 3_600_000, () => new Promise<void>((resolve) => (finish = resolve)));
    void ticker.tick();
    await vi.advanceTimersByTimeAsync(SLOW_PASS_MS - 1);
    expect(lines).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([[40, "the test loop: a pass has run this long; every tick waits for it"]]);
    finish();
    await vi.advanceTimersByTimeAsync(SLOW_PASS_MS * 2);
    expect(lines).toHaveLength(1);
    await ticker.stop();
  });

  it("a tick during a pass asks for one more pass after it, not a second pass beside it", async () => {
    const { log } = capturingLog();
    let passes = 0;
    let inside = 0;
    let most = 0;
    const ticker = startTicker("the test loop", log, 3_600_000, async () => {
      passes++;
      most = Math.max(most, ++inside);
      await new Promise((resolve) => setImmediate(resolve));
      inside--;
    });
    await Promise.all([ticker.tick(), ticker.tick(), ticker.tick()]);
    expect([passes, most]).toEqual([2, 1]);
    await ticker.stop();
  });
});
