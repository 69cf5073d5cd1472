import "server-only";
import type { DirectRoute, DirectRoutes } from "@/lib/runtime/direct-routes.mjs";
import type { HttpMethod } from "@/lib/errors";
import { otherMethods } from "./route";
import { securityHeaders } from "@/lib/http/content-security-policy";
import { receiveWebhook, WEBHOOK_BODY_LIMIT } from "@/lib/dashboard/webhooks/receive-webhook";

// The webhook receiver's routes: POST /webhook (the default tenant) and /webhook/{endpointId} (one
// endpoint per tenant). The server answers them without Next.js (lib/runtime/direct-routes.mjs,
// registered at boot): ingest is the hot path, and Next.js's request pipeline cost more than the
// receiver's own work. They answer as any route: the security headers every answer carries, a
// JSON 405 with Allow for other methods, OPTIONS with Allow.

const otherThanPost = otherMethods("POST");

function receiver(endpointOf: (params: Record<string, string>) => string | null): DirectRoute {
  return {
    bodyLimit: WEBHOOK_BODY_LIMIT,
    handle: async (req, { params }) => {
      const method = req.method as HttpMethod | "OPTIONS";
      const response =
        method === "POST"
          ? await receiveWebhook(req, endpointOf(await params))
          : method === "OPTIONS"
            ? new Response(null, { status: 204, headers: { Allow: "POST, OPTIONS" } })
            : await otherThanPost[method in otherThanPost ? method : "GET"](req, { params });
      for (const [name, value] of Object.entries(securityHeaders)) response.headers.set(name, value);
      return response;
    },
  };
}

export const webhookRoutes: DirectRoutes = {
  "/webhook": receiver(() => null),
  "/webhook/[endpointId]": receiver((params) => params.endpointId ?? ""),
};
