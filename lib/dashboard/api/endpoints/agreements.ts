import "server-only";
import type { ErrorCode } from "@/lib/errors";
import { affiliateBodySchema, affiliateSchema, affiliatesSchema } from "@/lib/dashboard/contract/settings-api";
import {
  affiliatePayoutSchema,
  agreementBodySchema,
  agreementSchema,
  agreementsBodySchema,
  agreementsSchema,
  payoutBodySchema,
} from "@/lib/dashboard/contract/reports-api";
import { affiliates, labelAffiliate, unlabelAffiliate } from "@/lib/dashboard/settings/settings";
import { listAgreements, putAgreement, putAgreements } from "@/lib/dashboard/reports/agreements";
import { recordPayout } from "@/lib/dashboard/reports/statements";
import { settingsRoles } from "@/lib/dashboard/settings/roles";
import { serviceTime } from "@/lib/service-api/client";
import { endpoint } from "../endpoint";
import { mutation } from "../error-sets";

// Affiliate agreements: the labels of the settings page, and the agreements with their share
// periods and the payouts received, whose statements and reports count the affiliate's earnings.
// Everyone reads them; admins and operators change them, in the audit log.

const read = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const agreementId = { affiliate_id: "The service's affiliate_id (UUID)" };
const tag = "affiliate reports";

// GET /api/settings/affiliates – every affiliate_id of the tenant's orders or labelled, with its label
export const listAffiliates = endpoint({
  method: "GET",
  path: "/settings/affiliates",
  access: settingsRoles,
  doc: {
    operationId: "listAffiliates",
    summary: "The affiliate agreements",
    description: "Every affiliate_id the tenant's orders carry or that it labelled, with its label and how many orders use it.",
    tag: "settings",
    success: { status: 200, description: "The agreements", schema: affiliatesSchema },
    errors: read,
  },
  handler: async ({ db, tenant }) => Response.json({ data: await affiliates(db, tenant.id) }),
});

// PUT /api/settings/affiliates/{affiliate_id} – its label
export const labelAffiliateAgreement = endpoint({
  method: "PUT",
  path: "/settings/affiliates/{affiliate_id}",
  access: { ...settingsRoles, mutation: "settings.affiliate.label" },
  ids: { affiliate_id: "affiliate agreement" },
  auditId: "affiliate_id",
  body: { schema: affiliateBodySchema, example: { label: "Partner agreement 2026" } },
  doc: {
    operationId: "labelAffiliate",
    summary: "Label an affiliate agreement",
    description: "A name for an affiliate_id, seen on orders or not yet.",
    tag: "settings",
    pathParams: agreementId,
    success: { status: 200, description: "The agreement", schema: affiliateSchema },
    errors: [...mutation, "not_found"],
  },
  handler: async ({ db, tenant, ids: { affiliate_id: id }, body: { label } }) => {
    await labelAffiliate(db, tenant.id, id, label);
    return Response.json((await affiliates(db, tenant.id)).find((a) => a.affiliate_id === id));
  },
});

// DELETE /api/settings/affiliates/{affiliate_id} – forget its label
export const unlabelAffiliateAgreement = endpoint({
  method: "DELETE",
  path: "/settings/affiliates/{affiliate_id}",
  access: { ...settingsRoles, mutation: "settings.affiliate.unlabel" },
  ids: { affiliate_id: "affiliate agreement" },
  doc: {
    operationId: "unlabelAffiliate",
    summary: "Remove an affiliate agreement's label",
    description: "The affiliate_id stays listed while orders carry it.",
    tag: "settings",
    pathParams: agreementId,
    success: { status: 204, description: "Removed" },
    errors: [...read, "not_found"],
  },
  handler: async ({ db, tenant, audit, ids: { affiliate_id: id } }) => {
    audit.target = id;
    await unlabelAffiliate(db, tenant.id, id);
    return new Response(null, { status: 204 });
  },
});

// GET /api/agreements – every affiliate agreement with its label and share periods
export const listAffiliateAgreements = endpoint({
  method: "GET",
  path: "/agreements",
  access: {},
  doc: {
    operationId: "listAgreements",
    summary: "The affiliate agreements with their shares",
    description:
      "Every affiliate_id the tenant's orders or exchanges carry, or that it configured: label, share " +
      "periods and the share that applies today on the service's clock, in the tenant's time zone.",
    tag,
    success: { status: 200, description: "The agreements", schema: agreementsSchema },
    errors: read,
  },
  handler: async ({ db, tenant }) =>
    Response.json({ data: await listAgreements(db, tenant.id, tenant.timeZone, serviceTime(tenant.baseUrl)), time_zone: tenant.timeZone }),
});

// PUT /api/agreements – replaces every agreement's label and periods ({data: [{affiliate_id, label, periods}]})
export const replaceAgreements = endpoint({
  method: "PUT",
  path: "/agreements",
  access: { ...settingsRoles, mutation: "agreements.replace" },
  body: {
    schema: agreementsBodySchema,
    example: {
      data: [
        {
          affiliate_id: "7f8e2a1c-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
          label: "Partner A",
          periods: [{ from: "2026-01-01", share_percent: 25 }],
        },
      ],
    },
  },
  doc: {
    operationId: "replaceAgreements",
    summary: "Replace every agreement's label and share periods",
    description: "Agreements left out lose their label and periods (their exchanges keep their agreement).",
    tag,
    success: { status: 200, description: "The agreements now", schema: agreementsSchema },
    errors: mutation,
  },
  handler: async ({ db, tenant, body: { data } }) => {
    await putAgreements(db, tenant.id, data);
    return Response.json({
      data: await listAgreements(db, tenant.id, tenant.timeZone, serviceTime(tenant.baseUrl)),
      time_zone: tenant.timeZone,
    });
  },
});

// PUT /api/agreements/{affiliate_id} – its label and share periods ({label, periods: [{from, share_percent}]})
export const updateAgreement = endpoint({
  method: "PUT",
  path: "/agreements/{affiliate_id}",
  access: { ...settingsRoles, mutation: "agreements.update" },
  ids: { affiliate_id: "affiliate agreement" },
  auditId: "affiliate_id",
  body: {
    schema: agreementBodySchema,
    example: {
      label: "Partner A",
      periods: [
        { from: "2026-01-01", share_percent: 25 },
        { from: "2026-07-01", share_percent: 30 },
      ],
    },
  },
  doc: {
    operationId: "updateAgreement",
    summary: "Set an agreement's label and share periods",
    description:
      "Each period's share of the fee applies from its day (in the tenant's time zone) until the next " +
      "period starts. Before the first period the share is 0.",
    tag,
    pathParams: agreementId,
    success: { status: 200, description: "The agreement", schema: agreementSchema },
    errors: [...mutation, "not_found"],
  },
  handler: async ({ db, tenant, ids: { affiliate_id: id }, body }) => {
    await putAgreement(db, tenant.id, id, body);
    const agreements = await listAgreements(db, tenant.id, tenant.timeZone, serviceTime(tenant.baseUrl));
    return Response.json(agreements.find((a) => a.affiliate_id === id));
  },
});

// POST /api/agreements/{affiliate_id}/payouts – records a payout of earnings received from the service
export const recordAffiliatePayout = endpoint({
  method: "POST",
  path: "/agreements/{affiliate_id}/payouts",
  access: { ...settingsRoles, mutation: "agreements.payout.record", stepUp: true, auditTarget: "affiliate_id" },
  ids: { affiliate_id: "affiliate agreement" },
  body: {
    schema: payoutBodySchema,
    example: { period: "2026-10", received_on: "2026-11-05", amount: "412.35", currency: "eur", bank_reference: "SEPA 2026-1105-0042" },
  },
  doc: {
    operationId: "recordAffiliatePayout",
    summary: "Record a payout of earnings received",
    description: "A transfer the service made to the affiliate, against the agreement and a statement month; the statement reconciles it.",
    tag,
    pathParams: agreementId,
    success: { status: 201, description: "The payout recorded", schema: affiliatePayoutSchema },
    errors: [...mutation, "not_found"],
  },
  handler: async ({ db, tenant, user, audit, ids: { affiliate_id: id }, body }) => {
    audit.target = id;
    return Response.json(await recordPayout(db, tenant.id, id, body, user.id), { status: 201 });
  },
});

export const agreementEndpoints = [
  listAffiliates,
  labelAffiliateAgreement,
  unlabelAffiliateAgreement,
  listAffiliateAgreements,
  replaceAgreements,
  updateAgreement,
  recordAffiliatePayout,
];
