export const dynamic = "force-dynamic";

// GET /api/health – liveness for load balancers (no session, no database)
export function GET() {
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
