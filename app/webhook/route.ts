import { receiveWebhook } from "@/lib/dashboard/webhooks/receive-webhook";
import { otherMethods } from "@/lib/dashboard/api/route";

export const dynamic = "force-dynamic";

// POST /webhook – the default tenant's webhook endpoint
export const POST = (req: Request) => receiveWebhook(req, null);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
