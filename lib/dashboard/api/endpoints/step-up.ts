import "server-only";
import { requestOrigin } from "@/lib/http/request-origin";
import { clientAddress } from "@/lib/dashboard/auth/client-address";
import {
  passkeyRequestOptionsSchema,
  reauthenticateBodySchema,
  reauthenticatedSchema,
  reauthMethodsSchema,
} from "@/lib/dashboard/contract/account-api";
import { reauthenticate, reauthMethods, stepUpOptions } from "@/lib/dashboard/account/reauthenticate";
import { everyone } from "@/lib/dashboard/account/roles";
import { endpoint } from "../endpoint";
import { mutation } from "../error-sets";

// Confirming it's you (step-up, /api/account/reauthenticate): a factor, or the password without
// one, confirmed again opens the sensitive actions for 5 minutes. Open during enrolment too, as
// every route of one's own account is.

/** What an operation that needs a recent factor (access.stepUp) says of it. */
export const stepUpNote =
  "Needs a factor confirmed within 5 minutes (`403 reauthentication_required` otherwise: POST /account/reauthenticate, then again).";

const change = mutation;
const tag = "account";

// GET /api/account/reauthenticate – what the person may confirm with, and until when they need not
export const reauthenticationMethods = endpoint({
  method: "GET",
  path: "/account/reauthenticate",
  access: { ...everyone, duringEnrolment: true },
  doc: {
    operationId: "reauthenticationMethods",
    summary: "How you can confirm it's you",
    description: "Your factors (or the password, without one), and until when sensitive actions are open without confirming.",
    tag,
    success: { status: 200, description: "The methods", schema: reauthMethodsSchema },
    errors: ["unauthorized"],
  },
  handler: async ({ db, user }) => Response.json(await reauthMethods(db, user)),
});

// POST /api/account/reauthenticate/options – a challenge for one of the person's own passkeys
export const reauthenticationPasskeyOptions = endpoint({
  method: "POST",
  path: "/account/reauthenticate/options",
  access: { ...everyone, duringEnrolment: true },
  doc: {
    operationId: "reauthenticationPasskeyOptions",
    summary: "A passkey challenge to confirm it's you",
    description: "Options for navigator.credentials.get() limited to your own passkeys, bound to this session, valid 5 minutes.",
    tag,
    success: { status: 200, description: "PublicKeyCredentialRequestOptionsJSON", schema: passkeyRequestOptionsSchema },
    errors: ["unauthorized", "conflict"],
  },
  handler: async ({ req, db, user }) => Response.json(await stepUpOptions(db, user, requestOrigin(req))),
});

// POST /api/account/reauthenticate – a factor (or the password, without one) confirmed again: step-up for 5 minutes
export const confirmReauthentication = endpoint({
  method: "POST",
  path: "/account/reauthenticate",
  access: { ...everyone, mutation: "account.reauthenticate", duringEnrolment: true },
  body: { schema: reauthenticateBodySchema, example: { method: "code", code: "123456" } },
  doc: {
    operationId: "reauthenticate",
    summary: "Confirm it's you (step-up)",
    description:
      "A passkey, a code, a recovery code, or the password for someone without a factor. Opens revealing and rotating secrets, " +
      "credentials, the team, the policy, payout links and recorded payouts for 5 minutes. Wrong answers count against the sign-in limits.",
    tag,
    success: { status: 200, description: "Confirmed", schema: reauthenticatedSchema },
    errors: [...change, "invalid_code", "invalid_passkey", "rate_limited"],
  },
  handler: async ({ req, db, user, audit, body }) => {
    audit.target = body.method;
    return Response.json(await reauthenticate(db, user, body, { origin: requestOrigin(req), address: clientAddress(req.headers) }));
  },
});

export const stepUpEndpoints = [reauthenticationMethods, reauthenticationPasskeyOptions, confirmReauthentication];
