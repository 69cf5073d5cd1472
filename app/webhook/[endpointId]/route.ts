import { receiveWebhook } from "@/lib/dashboard/webhooks/receive-webhook";
import { otherMethods } from "@/lib/dashboard/api/route";

export const dynamic = "force-dynamic";

// POST /webhook/{endpointId} – one endpoint per tenant
export async function POST(req: Request, context: { params: Promise<{ endpointId: string }> }) {
  const { endpointId } = await context.params;
  return receiveWebhook(req, endpointId);
}

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
