import {
  affiliateBodySchema,
  affiliateSchema,
  affiliatesSchema,
  credentialsBodySchema,
  credentialsSchema,
  revealBodySchema,
  revealedSchema,
  rotateBodySchema,
  rotatedSchema,
  signInPageSchema,
  signInQuerySchema,
  teamAddBodySchema,
  teamMemberSchema,
  teamSchema,
  teamUpdateBodySchema,
  mailedLinkSchema,
  webhookSecretStatusSchema,
} from "@/lib/dashboard/contract/settings-api";
import type { ErrorCode } from "@/lib/errors";
import type { Operation } from "@/lib/openapi/builder";

// OpenAPI operations of a tenant's settings (/api/settings, admins and operators): every change
// is in the audit log.

const read = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const mutation = ["unauthorized", "forbidden", "invalid_request", "payload_too_large", "unsupported_media_type"] satisfies ErrorCode[];
const upstream = ["upstream_unavailable", "upstream_invalid_response", "upstream_timeout"] satisfies ErrorCode[];
const settingsOp = (op: Omit<Operation, "tag">): Operation => ({ ...op, tag: "settings" });

export const settingsOperations: Operation[] = [
  settingsOp({
    method: "get",
    path: "/settings/team",
    operationId: "listTeam",
    summary: "The tenant's team",
    description: "Every user of the tenant with role, state and last successful sign-in.",
    success: { status: 200, description: "The team", schema: teamSchema },
    errors: read,
  }),
  settingsOp({
    method: "post",
    path: "/settings/team",
    operationId: "addTeamMember",
    summary: "Add a member",
    description:
      "A new admin or viewer of the tenant. They are mailed an invitation whose one-time link (valid 24 hours) sets " +
      "their password; no password is shown to anyone.",
    body: { schema: teamAddBodySchema, example: { email: "new.colleague@example.com", role: "viewer" } },
    success: { status: 201, description: "The member and the invitation mailed to them", schema: mailedLinkSchema },
    errors: [...mutation, "conflict"],
  }),
  settingsOp({
    method: "patch",
    path: "/settings/team/{id}",
    operationId: "updateTeamMember",
    summary: "Change a member's role, or disable or enable them",
    description: "Either change ends the member's sessions at once. No one changes their own account (403).",
    pathParams: { id: "User UUID" },
    body: { schema: teamUpdateBodySchema, example: { disabled: true } },
    success: { status: 200, description: "The member now", schema: teamMemberSchema },
    errors: [...mutation, "not_found"],
  }),
  settingsOp({
    method: "post",
    path: "/settings/team/{id}/reset-password",
    operationId: "resetTeamMemberPassword",
    summary: "Reset a member's password",
    description:
      "Mails the member a one-time link that sets a new password (valid 30 minutes; an invitation again, 24 hours, " +
      "for a member who never set one). A sign-in lock lifts; using the link ends their sessions.",
    pathParams: { id: "User UUID" },
    success: { status: 200, description: "The member and the link mailed to them", schema: mailedLinkSchema },
    errors: [...mutation, "not_found"],
  }),
  settingsOp({
    method: "get",
    path: "/settings/sign-ins",
    operationId: "listSignIns",
    summary: "The team's sign-in history",
    description: "Sign-in attempts on the team's accounts, newest first: time, address and result (one row per rate-limit window).",
    query: signInQuerySchema,
    success: { status: 200, description: "A page of attempts", schema: signInPageSchema },
    errors: [...read, "invalid_request"],
  }),
  settingsOp({
    method: "get",
    path: "/settings/webhook-secret",
    operationId: "getWebhookSecret",
    summary: "The webhook secret, masked",
    description: "The URL to register with the service, the current secret and, during a rotation's overlap, the previous one.",
    success: { status: 200, description: "The secrets, masked", schema: webhookSecretStatusSchema },
    errors: read,
  }),
  settingsOp({
    method: "post",
    path: "/settings/webhook-secret/rotate",
    operationId: "rotateWebhookSecret",
    summary: "Rotate the webhook secret",
    description:
      "A new secret, in this answer only. Webhooks signed with the old one are accepted for `overlap_hours` (default 24) " +
      "while the new one is registered with the service; against this app's sandbox that happens at once.",
    body: { schema: rotateBodySchema, example: { overlap_hours: 24 } },
    success: { status: 200, description: "The new secret and the state after the rotation", schema: rotatedSchema },
    errors: [...mutation, ...upstream],
  }),
  settingsOp({
    method: "post",
    path: "/settings/webhook-secret/reveal",
    operationId: "revealWebhookSecret",
    summary: "Reveal a webhook secret",
    description: "The current secret, or the previous one during an overlap, in full. Every reveal is in the audit log.",
    body: { schema: revealBodySchema, example: { which: "current" } },
    success: { status: 200, description: "The secret", schema: revealedSchema },
    errors: [...mutation, "not_found"],
  }),
  settingsOp({
    method: "get",
    path: "/settings/credentials",
    operationId: "getCredentials",
    summary: "The API credentials, masked",
    description: "The service's base URL and the tenant's client_id, masked.",
    success: { status: 200, description: "The credentials", schema: credentialsSchema },
    errors: read,
  }),
  settingsOp({
    method: "put",
    path: "/settings/credentials",
    operationId: "replaceClientId",
    summary: "Replace the client_id",
    description: "Checked with the service first: a client_id it refuses is 400 and changes nothing.",
    body: { schema: credentialsBodySchema, example: { client_id: "cl_0123456789abcdef" } },
    success: { status: 200, description: "The credentials now", schema: credentialsSchema },
    errors: [...mutation, ...upstream],
  }),
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
