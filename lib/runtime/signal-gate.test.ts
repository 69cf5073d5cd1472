import { describe, expect, it } from "vitest";
import { signalGate, WINDOW_MS } from "@/scripts/signal-gate.mjs";
import { isDatabaseUnavailable, isWriteConflict, writeConflict } from "@/lib/db/availability";

function gate() {
  let now = 1_000_000;
  const calls: string[] = [];
  const take = signalGate({ first: (s) => calls.push(`drain ${s}`), again: (s) => calls.push(`exit ${s}`), now: () => now });
  return { take, calls, advance: (ms: number) => (now += ms) };
}

describe("two copies of one signal", () => {
  it("start one drain: a process group's SIGTERM and npm's forwarded copy of it", () => {
    const { take, calls, advance } = gate();
    expect(take("SIGTERM")).toBe("first");
    advance(17); // as measured: npm passes its copy on 17 ms after the group's
    expect(take("SIGTERM")).toBe("copy");
    advance(WINDOW_MS - 18);
    expect(take("SIGINT")).toBe("copy");
    expect(calls).toEqual(["drain SIGTERM"]);
  });

  it("a signal sent later exits at once", () => {
    const { take, calls, advance } = gate();
    take("SIGINT");
    advance(WINDOW_MS);
    expect(take("SIGINT")).toBe("again");
    expect(calls).toEqual(["drain SIGINT", "exit SIGINT"]);
  });
});

describe("a database out of reach", () => {
  it("is told from other failures by the driver's codes and messages, through drizzle's wrapping", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const wrapped = Object.assign(new Error("Failed query: select 1"), { cause: refused });
    const shutdown = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    const localhost = new AggregateError([refused, refused], "");
    expect(
      [refused, wrapped, shutdown, localhost, new Error("Connection terminated unexpectedly")].map((e) => isDatabaseUnavailable(e)),
    ).toEqual([true, true, true, true, true]);
    const constraint = Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" });
    expect([constraint, new Error("boom"), null, "text"].map((e) => isDatabaseUnavailable(e))).toEqual([false, false, false, false]);
  });

  it("tells a statement PostgreSQL ended to break a deadlock (run it again) from one it refused", () => {
    const deadlock = Object.assign(new Error("deadlock detected"), { code: "40P01" });
    const serialization = Object.assign(new Error("could not serialize access"), { code: "40001" });
    const wrapped = Object.assign(new Error("Failed query: update exchanges"), { cause: deadlock });
    const constraint = Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" });
    expect([deadlock, serialization, wrapped].map((e) => isWriteConflict(e))).toEqual([true, true, true]);
    expect([constraint, new Error("boom"), null].map((e) => isWriteConflict(e))).toEqual([false, false, false]);
    expect(isDatabaseUnavailable(wrapped)).toBe(false);
    // what the log says of it: PostgreSQL's reason, not the statement
    expect(writeConflict(wrapped)).toBe("deadlock detected (40P01)");
  });
});

describe("an error as a log field", () => {
  it("leaves out a failed query's parameters (a webhook's body, its signature)", async () => {
    const { errorStack, errorText } = await import("@/lib/log");
    const failed = new Error('Failed query: insert into "webhook_events" values ($1)\nparams: {"event":"x","x-signature-256":"sha256=ab"}');
    failed.stack = `Error: ${failed.message}\n    at store (store-event.ts:1:1)`;
    expect(errorText(failed)).toBe('Failed query: insert into "webhook_events" values ($1)\nparams: [left out]');
    expect(errorStack(failed)).not.toContain("sha256=");
    expect(errorStack(failed)).toContain("at store (store-event.ts:1:1)");
  });

  it("says what caused a wrapped error: PostgreSQL's reason under drizzle's failed query", async () => {
    const { errorText } = await import("@/lib/log");
    const deadlock = Object.assign(new Error("deadlock detected"), { code: "40P01" });
    const failed = new Error('Failed query: update "exchanges" set x = $1\nparams: secret-value', { cause: deadlock });
    expect(errorText(failed)).toBe('Failed query: update "exchanges" set x = $1\nparams: [left out]; caused by: deadlock detected (40P01)');
    // a value the database quotes (a failed cast names its input) is left out with the parameters
    const cast = Object.assign(new Error('invalid input syntax for type uuid: "secret-value"'), { code: "22P02" });
    const refused = new Error("Failed query: select $1::uuid\nparams: secret-value", { cause: cast });
    expect(errorText(refused)).toBe(
      "Failed query: select $1::uuid\nparams: [left out]; caused by: invalid input syntax for type uuid (22P02)",
    );
    // what a failed fetch's cause says: the address it could not reach
    const unreachable = new TypeError("fetch failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }),
    });
    expect(errorText(unreachable)).toBe("fetch failed; caused by: connect ECONNREFUSED 127.0.0.1:9");
  });
});
