// Answers remembered per key, for the request log's work on the server's thread: the same few
// keys (header and field names, the sandbox's few clients) come back with every request.

/**
 * `answer`, remembered per key in `known` (a map of the caller's, per process if it must be).
 * Past `max` keys (a caller inventing them) it starts afresh.
 */
export function remembered<T>(answer: (key: string) => T, max: number, known = new Map<string, T>()): (key: string) => T {
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = answer(key);
      if (known.size >= max) known.clear();
      known.set(key, value);
    }
    return value;
  };
}
