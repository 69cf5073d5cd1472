import "server-only";
import { ApiError, type ErrorCode } from "@/lib/errors";
import { clientAddress } from "@/lib/dashboard/auth/client-address";
import { openLink, redeemLink, requestPasswordReset } from "@/lib/dashboard/auth/account-links";
import { unsubscribe } from "@/lib/dashboard/notifications/preferences";
import {
  accountLinkSchema,
  passwordResetAcceptedSchema,
  passwordResetRequestSchema,
  passwordSetSchema,
  setPasswordBodySchema,
  unsubscribedSchema,
  unsubscribeFormSchema,
  type AccountLink,
  type PasswordResetAccepted,
  type PasswordSet,
  type Unsubscribed,
} from "@/lib/dashboard/contract/account-links-api";
import { publicEndpoint } from "../endpoint";

// The routes of mailed links, which work without a session (public, rate-limited per address):
// invitations' and password resets' one-time links, asking for a reset, and the unsubscribe links
// of notification mails.

const publicChange = ["invalid_request", "payload_too_large", "unsupported_media_type", "rate_limited"] satisfies ErrorCode[];
const tag = "sign-in";
const linkToken = { token: "The 43-character token of the mailed link" };

const gone = () => new ApiError("not_found", "This link has been used, has expired or does not exist; ask for a new one");

// GET /api/account-links/{token} (public) – whose invitation or reset link this is, while it works
export const getAccountLink = publicEndpoint({
  method: "GET",
  path: "/account-links/{token}",
  access: "public",
  doc: {
    operationId: "getAccountLink",
    summary: "An invitation's or password reset's link (public)",
    description: "Whose link it is and until when it works; 404 once used, expired or replaced by a newer one.",
    tag,
    pathParams: linkToken,
    success: { status: 200, description: "The link", schema: accountLinkSchema },
    errors: ["not_found", "rate_limited"],
  },
  handler: async ({ db, params }) => {
    const link = await openLink(db, params.token ?? "");
    if (!link) throw gone();
    return Response.json({ purpose: link.purpose, email: link.email, expires_at: link.expiresAt.toISOString() } satisfies AccountLink);
  },
});

// POST /api/account-links/{token} (public) – sets the password; the link then works no more and
// every session of the user ends
export const setPasswordByLink = publicEndpoint({
  method: "POST",
  path: "/account-links/{token}",
  access: "public",
  body: { schema: setPasswordBodySchema, example: { password: "a long new password" } },
  doc: {
    operationId: "useAccountLink",
    summary: "Set a password with a mailed link (public)",
    description: "Works once. Every session of the user ends and a sign-in lock lifts; they then sign in with the new password.",
    tag,
    pathParams: linkToken,
    success: { status: 200, description: "The password is set", schema: passwordSetSchema },
    errors: [...publicChange, "not_found"],
  },
  handler: async ({ db, params, body }) => {
    const used = await redeemLink(db, params.token ?? "", body.password);
    if (!used) throw gone();
    return Response.json({ email: used.email, purpose: used.purpose } satisfies PasswordSet);
  },
});

// POST /api/password-resets (public) – "Forgot your password?": mails a reset link (30 minutes,
// once) if the address has an account. The answer is the same either way, and the request
// counts against the sign-in limits of the account and of the caller's address.
export const askForPasswordReset = publicEndpoint({
  method: "POST",
  path: "/password-resets",
  access: "public",
  body: { schema: passwordResetRequestSchema, example: { email: "someone@example.com" } },
  doc: {
    operationId: "requestPasswordReset",
    summary: "Forgot your password? (public)",
    description:
      "Mails a one-time link (30 minutes) if the address has an account. The answer is the same whether or not it has; " +
      "the request counts against the sign-in limits of the account and of the address.",
    tag,
    success: { status: 202, description: "Accepted", schema: passwordResetAcceptedSchema },
    errors: publicChange,
  },
  handler: async ({ req, db, body }) => {
    await requestPasswordReset(db, body.email, clientAddress(req.headers));
    return Response.json({ accepted: true } satisfies PasswordResetAccepted, { status: 202 });
  },
});

// POST /api/unsubscribe/{token} (public) – turns one category of one user's notifications off.
// A mail client's RFC 8058 one-click POST (List-Unsubscribe=One-Click) gets 200; the unsubscribe
// page's form (from=page) goes back to the page, which says it is done. Only POST changes
// anything: a link scanner's GET of the mail's links does not unsubscribe anyone. The form is read
// by the handler, leniently: whatever it holds, the signed token alone decides.
export const unsubscribeByMail = publicEndpoint({
  method: "POST",
  path: "/unsubscribe/{token}",
  access: "public",
  doc: {
    operationId: "unsubscribe",
    summary: "Stop one category of notification mail (public)",
    description:
      "The target of a mail's `List-Unsubscribe` header (RFC 8058 one-click: body `List-Unsubscribe=One-Click`) and of the " +
      "unsubscribe page's button (`from=page`, answered 303 back to the page). Sets the category to `none`.",
    tag,
    pathParams: { token: "The signed token of the mail's unsubscribe link" },
    body: { schema: unsubscribeFormSchema, contentType: "application/x-www-form-urlencoded", example: { "List-Unsubscribe": "One-Click" } },
    success: { status: 200, description: "The category turned off", schema: unsubscribedSchema },
    errors: ["not_found", "rate_limited"],
  },
  handler: async ({ req, db, params }) => {
    const token = params.token ?? "";
    const form = await req.formData().catch(() => null);
    const done = await unsubscribe(db, token);
    if (!done) throw new ApiError("not_found", "This unsubscribe link is not valid");
    if (form?.get("from") === "page") {
      return new Response(null, { status: 303, headers: { Location: `/unsubscribe/${encodeURIComponent(token)}?done=1` } });
    }
    return Response.json({ unsubscribed: done.category } satisfies Unsubscribed);
  },
});

export const accountLinkEndpoints = [getAccountLink, setPasswordByLink, askForPasswordReset, unsubscribeByMail];
