// State that must exist once per process (docs/architecture.md#process-singletons).
// Next.js bundles instrumentation.ts and the route handlers separately, so a module-level
// variable can exist twice in one process; globalThis is the one thing they share. Each caller
// says next to its key why its state is per process.

const registry = Symbol.for("exchange-dashboard.process-singletons");
type Registry = Map<string, unknown>;

/**
 * The process's one value under `key`, made by `init` on first use. Keep mutable state inside
 * the returned object (e.g. `{ value?: T }`): the object itself is never replaced.
 */
export function processSingleton<T extends object>(key: string, init: () => T): T {
  const holder = globalThis as typeof globalThis & { [registry]?: Registry };
  const all = (holder[registry] ??= new Map());
  if (!all.has(key)) all.set(key, init());
  return all.get(key) as T;
}
