// Group commit for many small statements of one kind: at most one runs at a time, and the items
// that arrive while it runs go together into the next (up to `max`). Alone, an item goes at
// once; under load, one round trip serves many, and nothing waits on a timer.

/**
 * `run` takes a batch and answers one result per item, in order. A batch that fails is tried
 * again item by item, so that one item the database refuses fails alone.
 */
export function groupCommit<I, O>(run: (batch: I[]) => Promise<O[]>, max = 64): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (out: O) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  let running = false;
  const settle = async (batch: Waiting[]) => {
    try {
      const outs = await run(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(outs[i] as O));
    } catch (error) {
      if (batch.length === 1) return batch[0]?.reject(error);
      for (const w of batch) await run([w.item]).then(([out]) => w.resolve(out as O), w.reject);
    }
  };
  const drain = async () => {
    running = true;
    while (waiting.length > 0) await settle(waiting.splice(0, max));
    running = false;
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void drain();
    });
}

/** groupCommit per key (a database): one lane for each, made on first use, `run` given the key. */
export function groupCommitPer<K extends object, I, O>(
  run: (key: K, batch: I[]) => Promise<O[]>,
  max?: number,
): (key: K, item: I) => Promise<O> {
  const lanes = new WeakMap<K, (item: I) => Promise<O>>();
  return (key, item) => {
    let lane = lanes.get(key);
    if (!lane) lanes.set(key, (lane = groupCommit((batch: I[]) => run(key, batch), max)));
    return lane(item);
  };
}
