import { otherMethods } from "@/lib/dashboard/api/route";
import { readiness } from "@/lib/dashboard/lifecycle/readiness";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/lib/db/availability";

export const dynamic = "force-dynamic";

// GET /api/health/ready – readiness for balancers and Kubernetes (no session): 200 when this
// instance can serve, 503 naming the failing checks otherwise, and from the first shutdown signal on
export async function GET() {
  const ready = await readiness();
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (!ready.ok) headers["Retry-After"] = String(DATABASE_RETRY_AFTER_SECONDS);
  return Response.json(ready, { status: ready.ok ? 200 : 503, headers });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
