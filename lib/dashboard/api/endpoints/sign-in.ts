import "server-only";
import { requestOrigin } from "@/lib/http/request-origin";
import { passkeyRequestOptionsSchema, secondStepSchema } from "@/lib/dashboard/contract/account-api";
import { passkeySignInOptions, secondStep, secondStepPasskeyOptions } from "@/lib/dashboard/auth/sign-in-ceremonies";
import { requireSameOrigin } from "../same-origin";
import { publicEndpoint } from "../endpoint";

// What the sign-in page asks before next-auth's steps (/api/sign-in, public: no one is signed in
// yet), each rate-limited per address. Signing in itself is next-auth's (POST
// /api/auth/callback/{credentials, second-factor, passkey}), outside this document. A challenge is
// asked for by our own pages only, since it binds this browser by a cookie.

const tag = "sign-in";

// POST /api/sign-in/passkey/options – a challenge for any passkey of this site, bound to this browser
// by an httpOnly cookie; the answer goes to POST /api/auth/callback/passkey
export const passkeySignInChallenge = publicEndpoint({
  method: "POST",
  path: "/sign-in/passkey/options",
  access: "public",
  doc: {
    operationId: "passkeySignInOptions",
    summary: "Begin signing in with a passkey",
    description:
      "Options for navigator.credentials.get() (any passkey of this site, user verification required; also for the browser's " +
      "autofill), bound to this browser by an httpOnly cookie for 5 minutes. The answer goes to next-auth's " +
      "POST /api/auth/callback/passkey as `response`. Rate-limited per address.",
    tag,
    success: { status: 200, description: "PublicKeyCredentialRequestOptionsJSON", schema: passkeyRequestOptionsSchema },
    errors: ["rate_limited"],
  },
  handler: async ({ req, db }) => {
    requireSameOrigin(req);
    return Response.json(await passkeySignInOptions(db, req.headers, requestOrigin(req)));
  },
});

// GET /api/sign-in/second-factor – this browser's half-signed-in state: the account and its factors
export const getSecondStep = publicEndpoint({
  method: "GET",
  path: "/sign-in/second-factor",
  access: "public",
  doc: {
    operationId: "getSecondStep",
    summary: "This browser's half-finished sign-in",
    description:
      "After a right password, an account with a second factor gets no session, only this state for 5 minutes: whom it is for " +
      "and what may finish it (POST /api/auth/callback/second-factor with `code`, `recovery_code` or `passkey`).",
    tag,
    success: { status: 200, description: "The second step", schema: secondStepSchema },
    errors: ["unauthorized", "rate_limited"],
  },
  handler: async ({ db }) => Response.json(await secondStep(db)),
});

// POST /api/sign-in/second-factor/options – a challenge for the half-signed-in account's own passkeys
export const secondStepPasskeyChallenge = publicEndpoint({
  method: "POST",
  path: "/sign-in/second-factor/options",
  access: "public",
  doc: {
    operationId: "secondStepPasskeyOptions",
    summary: "A passkey challenge for the second step",
    description: "Options for navigator.credentials.get() limited to the half-signed-in account's passkeys.",
    tag,
    success: { status: 200, description: "PublicKeyCredentialRequestOptionsJSON", schema: passkeyRequestOptionsSchema },
    errors: ["unauthorized", "conflict", "rate_limited"],
  },
  handler: async ({ req, db }) => {
    requireSameOrigin(req);
    return Response.json(await secondStepPasskeyOptions(db, req.headers, requestOrigin(req)));
  },
});

export const signInEndpoints = [passkeySignInChallenge, getSecondStep, secondStepPasskeyChallenge];
