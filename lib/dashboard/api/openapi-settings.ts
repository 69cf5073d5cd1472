import { affiliateBodySchema, affiliateSchema, affiliatesSchema } from "@/lib/dashboard/contract/settings-api";
import type { ErrorCode } from "@/lib/errors";
import type { Operation } from "@/lib/openapi/builder";

// OpenAPI operations of a tenant's affiliate agreements' labels (/api/settings/affiliates, admins
// and operators): every change is in the audit log.

const read = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const mutation = ["unauthorized", "forbidden", "invalid_request", "payload_too_large", "unsupported_media_type"] satisfies ErrorCode[];
const settingsOp = (op: Omit<Operation, "tag">): Operation => ({ ...op, tag: "settings" });

export const settingsOperations: Operation[] = [
  settingsOp({
    method: "get",
    path: "/settings/affiliates",
    operationId: "listAffiliates",
    summary: "The affiliate agreements",
    description: "Every affiliate_id the tenant's orders carry or that it labelled, with its label and how many orders use it.",
    success: { status: 200, description: "The agreements", schema: affiliatesSchema },
    errors: read,
  }),
  settingsOp({
    method: "put",
    path: "/settings/affiliates/{affiliate_id}",
    operationId: "labelAffiliate",
    summary: "Label an affiliate agreement",
    description: "A name for an affiliate_id, seen on orders or not yet.",
    pathParams: { affiliate_id: "The service's affiliate_id (UUID)" },
    body: { schema: affiliateBodySchema, example: { label: "Partner agreement 2026" } },
    success: { status: 200, description: "The agreement", schema: affiliateSchema },
    errors: [...mutation, "not_found"],
  }),
  settingsOp({
    method: "delete",
    path: "/settings/affiliates/{affiliate_id}",
    operationId: "unlabelAffiliate",
    summary: "Remove an affiliate agreement's label",
    description: "The affiliate_id stays listed while orders carry it.",
    pathParams: { affiliate_id: "The service's affiliate_id (UUID)" },
    success: { status: 204, description: "Removed" },
    errors: [...read, "not_found"],
  }),
];
