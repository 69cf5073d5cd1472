import { receiveWebhook } from "@/lib/webhooks/receive-webhook";

export const dynamic = "force-dynamic";

// POST /webhook – the default tenant's webhook endpoint
export const POST = (req: Request) => receiveWebhook(req, null);
