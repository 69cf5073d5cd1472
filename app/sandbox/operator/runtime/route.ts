import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";

export const dynamic = "force-dynamic";

const gcHolder = globalThis as typeof globalThis & { gc?: () => void };

// GET /sandbox/operator/runtime[?gc=1] – memory of the server process, after a full garbage
// collection when asked and the process runs with --expose-gc (the benchmark measures with it)
export const GET = operatorRoute(async ({ req }) => {
  const collect = new URL(req.url).searchParams.get("gc") === "1" && typeof gcHolder.gc === "function";
  if (collect) gcHolder.gc?.();
  const memory = process.memoryUsage();
  return json({
    collected: collect,
    rss: memory.rss,
    heap_used: memory.heapUsed,
    heap_total: memory.heapTotal,
    external: memory.external,
    array_buffers: memory.arrayBuffers,
    uptime_s: Math.round(process.uptime()),
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
