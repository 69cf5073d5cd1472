import { otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

// GET /api/health – liveness for load balancers (no session, no database)
export function GET() {
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
