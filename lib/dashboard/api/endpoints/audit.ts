import "server-only";
import { z } from "zod";
import {
  auditExportQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  overviewSchema,
  rejectionsSchema,
} from "@/lib/dashboard/contract/dashboard-api";
import { parseOrThrow } from "@/lib/errors";
import type { Role } from "@/lib/dashboard/auth/roles";
import { searchParams } from "@/lib/http/route-params";
import { serviceTime } from "@/lib/service-api/client";
import { cachedOverview } from "@/lib/dashboard/overview/overview-cache";
import { listAudit } from "@/lib/dashboard/audit/list-audit";
import { exportAudit } from "@/lib/dashboard/reports/audit-export";
import { listRejections } from "@/lib/dashboard/webhooks/record-rejection";
import { signedIn } from "../error-sets";
import { tenantQuery } from "../tenant-query";
import { endpoint } from "../endpoint";

// The overview's figures, the audit log and the webhooks refused. Viewers see the overview only,
// and the audit log answers them 403 before its query is read: its handlers read the query
// themselves.

const tag = "reports";
/** The audit log and the refused webhooks: not viewers (apiRoute answers them 403 before anything is read). */
const adminsAndOperators = { roles: ["admin", "operator"] satisfies Role[] };
const auditRead = [...signedIn, "forbidden", "invalid_request"] as const;

// GET /api/overview – counts, latest exchanges, daily volume and fees per pair, attention,
// reconciliation; kept a few seconds per tenant unless asked with Cache-Control: no-cache
export const getOverview = endpoint({
  method: "GET",
  path: "/overview",
  access: {},
  query: tenantQuery,
  doc: {
    operationId: "getOverview",
    summary: "The overview page's figures",
    description: "Exchanges by state, daily volume and fees per pair over 30 days, and the latest exchanges.",
    tag,
    success: { status: 200, description: "The overview", schema: overviewSchema },
    errors: [...signedIn],
  },
  handler: async ({ req, db, tenant }) => {
    const fresh = /\bno-cache\b/i.test(req.headers.get("cache-control") ?? "");
    return Response.json(await cachedOverview(db, tenant, serviceTime(tenant.baseUrl), { fresh }));
  },
});

// GET /api/audit – admins: their tenant's; operators: every tenant's and the console's own, or one
// tenant's with ?tenant_id=
export const listAuditLog = endpoint({
  method: "GET",
  path: "/audit",
  access: adminsAndOperators,
  doc: {
    operationId: "listAudit",
    summary: "The audit log",
    description:
      "Who changed what, when, and with what result, newest first, with each target's kind and whether it still exists, " +
      "and the first page's count of matching entries (exact up to 10 000) (admins and operators).",
    tag,
    query: z.object({ ...auditQuerySchema.shape, ...tenantQuery.shape }),
    success: { status: 200, description: "A page of the audit log", schema: auditPageSchema },
    errors: [...auditRead],
  },
  handler: async ({ req, db, tenant, user }) => {
    const query = parseOrThrow(z.object({ ...auditQuerySchema.shape, tenant_id: z.string().nullish() }), searchParams(req));
    const scope = user.role === "operator" && !query.tenant_id ? null : tenant.id;
    return Response.json(await listAudit(db, scope, query, tenant.timeZone));
  },
});

// GET /api/audit/export.csv – the audit log's filters, every matching entry with its sentence in `locale`
export const exportAuditCsv = endpoint({
  method: "GET",
  path: "/audit/export.csv",
  access: adminsAndOperators,
  doc: {
    operationId: "exportAuditCsv",
    summary: "The audit log as CSV",
    description:
      "Every entry the filters match (those of GET /audit), newest first, streamed: time (ISO 8601, UTC), actor_email, " +
      "api_key, action, sentence (in `locale`), outcome (in `locale`), result (the code), target_kind, target, tenant_id, " +
      "request_id. RFC 4180 CSV in UTF-8 with a header row; text cells that begin with =, +, -, @, tab or carriage return " +
      "start with an apostrophe (admins and operators).",
    tag,
    query: z.object({ ...auditExportQuerySchema.shape, ...tenantQuery.shape }),
    success: {
      status: 200,
      description: "The download (Content-Disposition: attachment)",
      schema: z.string().meta({ description: "RFC 4180 CSV, streamed" }),
      contentType: "text/csv",
    },
    errors: [...auditRead],
  },
  handler: async ({ req, db, tenant, user }) => {
    const query = parseOrThrow(auditExportQuerySchema, searchParams(req));
    const scope = user.role === "operator" && !searchParams(req).tenant_id ? null : tenant.id;
    return exportAudit(db, scope, query, tenant.timeZone);
  },
});

// GET /api/webhooks/rejections – bad or missing signature, malformed JSON; counted per endpoint,
// reason and hour, with the latest truncated sample
export const listWebhookRejections = endpoint({
  method: "GET",
  path: "/webhooks/rejections",
  access: adminsAndOperators,
  query: tenantQuery,
  doc: {
    operationId: "listWebhookRejections",
    summary: "Refused webhooks",
    description:
      "Webhooks refused for a bad or missing signature or malformed JSON in the last 7 days, counted per endpoint, " +
      "reason and hour, with the latest sample (admins and operators).",
    tag: "events",
    success: { status: 200, description: "The counts", schema: rejectionsSchema },
    errors: [...signedIn, "forbidden"],
  },
  handler: async ({ db, tenant }) => Response.json(await listRejections(db, tenant.id)),
});

export const auditEndpoints = [getOverview, listAuditLog, exportAuditCsv, listWebhookRejections];
