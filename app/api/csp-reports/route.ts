import { otherMethods } from "@/lib/dashboard/api/route";
import { publicRoute } from "@/lib/dashboard/api/public-route";
import { receiveCspReports } from "@/lib/dashboard/security/csp-reports";

export const dynamic = "force-dynamic";

// POST /api/csp-reports (public, rate-limited per address) – browsers report what the pages'
// Content-Security-Policy blocked: logged and counted (dashboard_csp_violations_total)
export const POST = publicRoute(async ({ req }) => {
  await receiveCspReports(req);
  return new Response(null, { status: 204 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
