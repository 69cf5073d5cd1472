import "server-only";
import { localeCookie, locales } from "@/i18n/config";
import { localeFormSchema } from "@/lib/dashboard/contract/locale-api";
import { reportingApiBodySchema } from "@/lib/dashboard/contract/csp-reports-api";
import { ApiError } from "@/lib/errors";
import { requestOrigin } from "@/lib/http/request-origin";
import { safeCallbackPath } from "@/lib/dashboard/auth/safe-callback";
import { currentUser } from "@/lib/dashboard/auth/current-user";
import { setUserLocale } from "@/lib/dashboard/notifications/preferences";
import { receiveCspReports } from "@/lib/dashboard/security/csp-reports";
import { publicEndpoint } from "../endpoint";

// What the browser itself sends, signed in or not: the language switcher's form and the
// Content-Security-Policy's reports. Neither body is JSON as `body` reads it, so each handler reads
// its own, after the checks that come first.

const tag = "payout links";

// POST /api/locale (form) – the language switcher: remembers the choice for a year and goes back to
// the page it came from (a path of this app only); without return_to, 204. A signed-in user's mail
// is in the language they chose last.
export const setLocale = publicEndpoint({
  method: "POST",
  path: "/locale",
  access: "public",
  doc: {
    operationId: "setLocale",
    summary: "Choose the pages' language",
    description:
      "The language switcher's HTML form (en, de, fr or it). Remembers the choice in the `NEXT_LOCALE` cookie for a " +
      "year. With `return_to` it answers 303 to that path of this app (anything else goes to /), without it 204. " +
      "Without the cookie each page follows Accept-Language. A cross-site form is refused. No sign-in; rate-limited per address.",
    tag,
    body: { schema: localeFormSchema, contentType: "application/x-www-form-urlencoded", example: { locale: "de", return_to: "/login" } },
    success: { status: 204, description: "Remembered: `Set-Cookie: NEXT_LOCALE=…`" },
    errors: ["invalid_request", "forbidden", "rate_limited"],
    responses: { "303": { description: "Remembered, and back to `return_to` (`Location`), with `Set-Cookie: NEXT_LOCALE=…`" } },
  },
  handler: async ({ req, db }) => {
    // another site's form may not change the language (browsers say where a request comes from)
    if (req.headers.get("sec-fetch-site") === "cross-site")
      throw new ApiError("forbidden", "The language is set from this app's own pages only");
    const form = await req.formData().catch(() => null);
    const parsed = localeFormSchema.safeParse(form ? Object.fromEntries(form) : {});
    if (!parsed.success) {
      throw new ApiError(
        "invalid_request",
        `locale must be one of ${locales.join(", ")}`,
        parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
      );
    }
    // a signed-in user's choice is also their mail's language
    const user = await currentUser(req).catch(() => null);
    if (user) await setUserLocale(db, user.id, parsed.data.locale);
    const secure = requestOrigin(req).startsWith("https:") ? "; Secure" : "";
    const cookie = `${localeCookie}=${parsed.data.locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
    // the switcher's form goes back to its page; a script's call (no return_to) just gets the cookie
    if (parsed.data.return_to === undefined) return new Response(null, { status: 204, headers: { "Set-Cookie": cookie } });
    return new Response(null, {
      status: 303,
      headers: { Location: safeCallbackPath(parsed.data.return_to, requestOrigin(req)), "Set-Cookie": cookie },
    });
  },
});

// POST /api/csp-reports (rate-limited per address) – browsers report what the pages'
// Content-Security-Policy blocked: logged and counted (dashboard_csp_violations_total)
export const reportCspViolations = publicEndpoint({
  method: "POST",
  path: "/csp-reports",
  access: "public",
  doc: {
    operationId: "reportCspViolations",
    summary: "Report a Content-Security-Policy violation",
    description:
      "Where browsers send what the pages' Content-Security-Policy blocked (its `report-to csp` and `report-uri`): the " +
      "Reporting API's `application/reports+json` (a list of reports) or the older `application/csp-report`. Each " +
      "violation is logged as one line and counted in `dashboard_csp_violations_total`. No sign-in; rate-limited per address.",
    tag,
    body: { schema: reportingApiBodySchema, contentType: "application/reports+json" },
    success: { status: 204, description: "Received" },
    errors: ["invalid_request", "payload_too_large", "unsupported_media_type", "rate_limited"],
  },
  handler: async ({ req }) => {
    await receiveCspReports(req);
    return new Response(null, { status: 204 });
  },
});

export const browserEndpoints = [setLocale, reportCspViolations];
