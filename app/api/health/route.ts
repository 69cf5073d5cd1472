import { otherMethods } from "@/lib/dashboard/api/route";
import type { Health } from "@/lib/dashboard/contract/dashboard-api";

export const dynamic = "force-dynamic";

// GET /api/health – liveness for load balancers (no session, no database)
export function GET() {
  return Response.json({ ok: true } satisfies Health, { headers: { "Cache-Control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
