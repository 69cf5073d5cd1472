import { otherMethods } from "@/lib/dashboard/api/route";
import type { Health } from "@/lib/dashboard/contract/dashboard-api";
import { exampleActivity } from "@/lib/dashboard/demo/demo-progress";

export const dynamic = "force-dynamic";

// GET /api/health – liveness for load balancers (no session, no database); and, while a fresh
// demo database's example activity is made in this process, how far it is
export function GET() {
  const activity = exampleActivity();
  const health: Health = activity ? { ok: true, example_activity: activity } : { ok: true };
  return Response.json(health, { headers: { "Cache-Control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
