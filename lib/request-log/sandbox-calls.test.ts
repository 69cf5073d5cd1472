import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readCapped, readJson } from "@/lib/http/read-body";
import { keptWhileRead, type BodyRead } from "./sandbox-calls";

// The sandbox's log keeps a request's body as its route reads it, through the request the route is
// handed: what was read, as far as it was read, and nothing the route did not read.

/** A request whose body comes in chunks of `size` bytes, `count` of them, and says how many were pulled. */
function chunked(size: number, count: number) {
  const pulled = { chunks: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled.chunks === count) return controller.close();
        pulled.chunks++;
        controller.enqueue(new TextEncoder().encode("a".repeat(size)));
      },
    },
    { highWaterMark: 0 },
  );
  const req = new Request("http://127.0.0.1/sandbox/v1/orders", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
  return { req, pulled };
}

const fresh = (): BodyRead => ({ began: false, chunks: [], cut: false });
const text = (read: BodyRead) => Buffer.concat(read.chunks).toString("utf8");

describe("a sandbox request's body, kept as its route reads it", () => {
  it("keeps the whole body the route read, and the route reads the same bytes", async () => {
    const kept = fresh();
    const body = JSON.stringify({ fee_rate: 0.5, note: "x".repeat(40_000) });
    const req = keptWhileRead(
      new Request("http://127.0.0.1/sandbox/v1/orders", { method: "POST", headers: { "content-type": "application/json" }, body }),
      kept,
    );
    expect(await readJson(req, z.object({ fee_rate: z.number(), note: z.string() }))).toEqual(JSON.parse(body));
    expect(kept).toMatchObject({ began: true, cut: false });
    expect(text(kept)).toBe(body);
  });

  it("keeps a body past the route's cap as far as it was read, cut, and reads no further", async () => {
    const kept = fresh();
    const { req, pulled } = chunked(16 * 1024, 10);
    await expect(readCapped(keptWhileRead(req, kept), 64 * 1024)).rejects.toMatchObject({ code: "payload_too_large" });
    expect(kept).toMatchObject({ began: true, cut: true });
    expect(pulled.chunks).toBe(5);
    expect(text(kept).length).toBe(5 * 16 * 1024);
  });

  it("reads nothing of a body the route never reads", async () => {
    const kept = fresh();
    const { req, pulled } = chunked(1024, 3);
    const handed = keptWhileRead(req, kept);
    await new Promise((resolve) => setImmediate(resolve));
    expect(handed.method).toBe("POST");
    expect(handed.headers.get("content-type")).toBe("application/json");
    expect(kept).toEqual(fresh());
    expect(pulled.chunks).toBe(0);
  });
});
