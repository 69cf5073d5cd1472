import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { env } from "@/lib/env";
import { consoleMailList } from "@/lib/dashboard/mail/outbox";

export const dynamic = "force-dynamic";

// GET /api/operator/mail – the latest 100 mails: sent, queued, failed, or caught (no SMTP_URL)
export const GET = apiRoute({ roles: ["operator"], scope: "global" }, async ({ db }) =>
  Response.json(await consoleMailList(db, Boolean(env().smtpUrl))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
