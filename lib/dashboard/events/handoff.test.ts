import { afterEach, describe, expect, it, vi } from "vitest";
import type { ServerResponse } from "node:http";
import { handOff } from "./handoff";

// The server side of the handoff is scripts/server.mjs (its registry, taken when Next.js ends the
// response); the integration suites run every stream through it. These are the route side's rules.

const REGISTRY = Symbol.for("exchange-dashboard.stream-handoffs");
type Registry = Map<string, (res: ServerResponse) => void>;
const holder = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
const response = {} as ServerResponse;

afterEach(() => {
  delete holder[REGISTRY];
  vi.useRealTimers();
});

function withRegistry(): Registry {
  const registry: Registry = new Map();
  holder[REGISTRY] = registry;
  return registry;
}

describe("handing a stream off to the server", () => {
  it("is declined without the server's registry (next dev): the stream stays the Response's body", () => {
    expect(
      handOff(
        () => undefined,
        () => undefined,
        new AbortController().signal,
      ),
    ).toBeNull();
  });

  it("registers an entry under the returned token that the server calls with the response, once", () => {
    const registry = withRegistry();
    const attached: ServerResponse[] = [];
    const abandon = vi.fn();
    const token = handOff((res) => attached.push(res), abandon, new AbortController().signal);
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    registry.get(token ?? "")?.(response);
    expect(attached).toEqual([response]);
    expect(abandon).not.toHaveBeenCalled();
  });

  it("gives the stream up when the client leaves before the server takes it, and the entry is gone", () => {
    const registry = withRegistry();
    const client = new AbortController();
    const abandon = vi.fn();
    const token = handOff(() => undefined, abandon, client.signal) ?? "";
    client.abort();
    client.abort();
    expect(abandon).toHaveBeenCalledTimes(1);
    expect(registry.has(token)).toBe(false);
  });

  it("gives it up when the server never takes it, and not after it has", () => {
    vi.useFakeTimers();
    const registry = withRegistry();
    const never = vi.fn();
    handOff(() => undefined, never, new AbortController().signal);
    const taken = vi.fn();
    const token = handOff(() => undefined, taken, new AbortController().signal) ?? "";
    // as the server takes it: out of the registry, then called
    const entry = registry.get(token);
    registry.delete(token);
    entry?.(response);
    vi.advanceTimersByTime(30_000);
    expect(never).toHaveBeenCalledTimes(1);
    expect(taken).not.toHaveBeenCalled();
    expect(registry.size).toBe(0);
  });
});
