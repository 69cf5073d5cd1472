// Group commit for many small statements of one kind: at most one batch runs at a time, and the
// items that arrive while it runs go together into the next (up to `max`). Alone, an item goes at
// once; under load, one round trip serves many. The one batching mechanism of the app: the webhook
// store's lanes, the request log's batches, the job queue's finished jobs and forwarding's reads.

export type BatchQueueOptions<I, R> = {
  /** Writes a batch in one statement. */
  run: (batch: I[]) => Promise<R>;
  /** Told of each batch written, with what `run` answered; throwing, the batch failed. */
  done?: (batch: I[], result: R) => void;
  /** Told of items that failed for good: a batch whole, or one item alone (`[]`: the queue itself failed). */
  failed: (batch: I[], error: unknown) => void;
  /** The most items in a batch (64 unless given); this many waiting are written at once. */
  max?: number;
  /** An item's weight (its bytes); a batch weighs at most `maxWeight`, but always takes one item. */
  weight?: (item: I) => number;
  maxWeight?: number;
  /** Batches begin at most this often (ms): under load, each carries the items of this long. */
  lingerMs?: number;
  /** The most items waiting: past it, new ones are refused. */
  maxWaiting?: number;
  /** Readies the store before each batch: failing, the batch fails whole. */
  prepare?: () => Promise<unknown>;
  /** Whether a batch that failed with this error is tried again item by item (always unless given). */
  retryAlone?: (error: unknown) => boolean;
  /** Told when no item waits or runs any more. */
  idle?: () => void;
};

export type BatchQueue<I> = {
  /** Queues items; answers how many were refused (`maxWaiting` of them already wait). */
  add: (items: I[]) => number;
  /** How many items wait (not those of the batch running). */
  waiting: () => number;
  /** Resolves once every item added so far is written or failed. */
  drain: () => Promise<void>;
};

/**
 * A batch that fails is tried again item by item, so that one item the database refuses fails
 * alone (unless `retryAlone` says every item would fail alike).
 */
export function batchQueue<I, R>(options: BatchQueueOptions<I, R>): BatchQueue<I> {
  const { run, done, failed, max = 64, weight, maxWeight = Infinity, lingerMs = 0, maxWaiting = Infinity } = options;
  const { prepare, retryAlone, idle } = options;
  const waiting: I[] = [];
  let timer: NodeJS.Timeout | null = null;
  /** When the last batch began (ms since the epoch). */
  let lastStarted = 0;
  /** The queue at work, until no item waits. */
  let working: Promise<void> | null = null;

  /**
   * Starts the next batch when it is due: at once after a quiet spell, or when a full batch waits,
   * else `lingerMs` after the last one began. Without a linger, the items go without a timer.
   */
  function schedule(): void {
    if (working || timer) return;
    if (waiting.length === 0) return idle?.();
    const wait = lingerMs === 0 || waiting.length >= max ? 0 : lastStarted + lingerMs - Date.now();
    if (wait <= 0) void start();
    else timer = setTimeout(start, wait);
  }

  function start(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    working ??= work()
      .catch((error: unknown) => failed([], error))
      .finally(() => {
        working = null;
        schedule();
      });
    return working;
  }

  // One batch per linger: items that arrive while it runs wait for the next (unless a full batch waits).
  async function work(): Promise<void> {
    lastStarted = Date.now();
    do await settle(nextBatch());
    while (waiting.length >= max || (lingerMs === 0 && waiting.length > 0));
  }

  /** The oldest waiting items, up to `max` and `maxWeight`. */
  function nextBatch(): I[] {
    let count = 0;
    let total = 0;
    while (count < waiting.length && count < max) {
      total += weight ? weight(waiting[count] as I) : 0;
      if (count > 0 && total > maxWeight) break;
      count++;
    }
    return waiting.splice(0, count);
  }

  async function settle(batch: I[]): Promise<void> {
    if (prepare) {
      try {
        await prepare();
      } catch (error) {
        return failed(batch, error);
      }
    }
    try {
      const result = await run(batch);
      done?.(batch, result);
    } catch (error) {
      if (batch.length === 1 || (retryAlone && !retryAlone(error))) return failed(batch, error);
      for (const item of batch) {
        await run([item])
          .then((result) => done?.([item], result))
          .catch((err: unknown) => failed([item], err));
      }
    }
  }

  return {
    add(items) {
      let refused = 0;
      for (const item of items) {
        if (waiting.length < maxWaiting) waiting.push(item);
        else refused++;
      }
      schedule();
      return refused;
    },
    waiting: () => waiting.length,
    async drain() {
      while (waiting.length > 0 || working) await (working ?? start());
    },
  };
}

/**
 * One item at a time, answered by a promise: `run` takes a batch and answers one result per item,
 * in order. `weight` bounds a batch by its items' size, `idle` hears when the lane is empty.
 */
export function groupCommit<I, O>(
  run: (batch: I[]) => Promise<O[]>,
  max = 64,
  options: { weight?: (item: I) => number; maxWeight?: number; idle?: () => void } = {},
): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (out: O) => void; reject: (error: unknown) => void };
  const { weight, maxWeight, idle } = options;
  const queue = batchQueue<Waiting, O[]>({
    run: (batch) => run(batch.map((w) => w.item)),
    done: (batch, outs) => batch.forEach((w, i) => w.resolve(outs[i] as O)),
    failed: (batch, error) => batch.forEach((w) => w.reject(error)),
    max,
    weight: weight && ((w) => weight(w.item)),
    maxWeight,
    idle,
  });
  return (item) => new Promise<O>((resolve, reject) => void queue.add([{ item, resolve, reject }]));
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
