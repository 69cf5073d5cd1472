import "server-only";
import { ApiError } from "@/lib/errors";
import { env } from "@/lib/env";
import { consoleMailDetailSchema, consoleMailListSchema } from "@/lib/dashboard/contract/console-api";
import { consoleMailDetail, consoleMailList } from "@/lib/dashboard/mail/outbox";
import { endpoint } from "../endpoint";

// The operator console's Mail tab (/api/operator/mail, operators): what the app mailed or meant to,
// about no one tenant. Without an SMTP server it keeps the mails here, as a mail catcher would.

const operators = { roles: ["operator" as const], scope: "global" as const };
const tag = "operator console";

// GET /api/operator/mail – the latest 100 mails: sent, queued, failed, or caught (no SMTP_URL)
export const listMail = endpoint({
  method: "GET",
  path: "/operator/mail",
  access: operators,
  doc: {
    operationId: "listMail",
    summary: "The latest 100 mails",
    description: "Sent, queued, failed, or kept here when no SMTP server is configured (SMTP_URL), as a mail catcher would (operators).",
    tag,
    success: { status: 200, description: "The mails", schema: consoleMailListSchema },
    errors: ["unauthorized", "forbidden"],
  },
  handler: async ({ db }) => Response.json(await consoleMailList(db, Boolean(env().smtpUrl))),
});

// GET /api/operator/mail/{id} – one mail: its plain-text and HTML parts and its extra headers
export const getMail = endpoint({
  method: "GET",
  path: "/operator/mail/{id}",
  access: operators,
  ids: { id: "mail" },
  doc: {
    operationId: "getMail",
    summary: "One mail whole",
    description: "Its plain-text and HTML parts and its extra headers (operators).",
    tag,
    success: { status: 200, description: "The mail", schema: consoleMailDetailSchema },
    errors: ["unauthorized", "forbidden", "not_found"],
  },
  handler: async ({ db, ids }) => {
    const mail = await consoleMailDetail(db, ids.id);
    if (!mail) throw new ApiError("not_found", "No such mail");
    return Response.json(mail);
  },
});

export const mailEndpoints = [listMail, getMail];
