import { NextResponse, type NextRequest } from "next/server";
import { localeCookie, localesForPath, negotiateLocale } from "@/i18n/config";
import { localeHeader, pathHeader } from "@/i18n/request";
import { NONCE_HEADER, newNonce, pagePolicy, REPORTING_ENDPOINTS } from "@/lib/http/content-security-policy";

// Paths whose pages need a session: without the session cookie they go to sign-in first and
// come back afterwards. This is an optimistic check; the pages' layout verifies the session.
const signedInOnly = [/^\/$/, /^\/orders(\/|$)/, /^\/exchanges(\/|$)/];

// Runs before every page: it picks the page's language (the switcher's cookie, else
// Accept-Language, among the languages that part of the product speaks) and passes it on in a
// request header, which the server render reads (i18n/request.ts). And it makes the page's
// nonce and strict Content-Security-Policy (lib/http/content-security-policy.ts): the policy goes
// on the request, where Next.js finds the nonce for its scripts, and on the answer.
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (signedInOnly.some((pattern) => pattern.test(pathname))) {
    const hasSession = request.cookies.has("next-auth.session-token") || request.cookies.has("__Secure-next-auth.session-token");
    if (!hasSession) {
      const login = new URL("/login", request.url);
      login.searchParams.set("callbackUrl", `${pathname}${search}`);
      return NextResponse.redirect(login);
    }
  }
  const locale = negotiateLocale({
    cookie: request.cookies.get(localeCookie)?.value,
    acceptLanguage: request.headers.get("accept-language"),
    supported: localesForPath(pathname),
  });
  const nonce = newNonce();
  const policy = pagePolicy(nonce, process.env.NODE_ENV === "development");
  const headers = new Headers(request.headers);
  headers.set(localeHeader, locale);
  headers.set(pathHeader, `${pathname}${search}`);
  headers.set(NONCE_HEADER, nonce);
  headers.set("Content-Security-Policy", policy);
  // (the pages are rendered per request and answered no-store: no shared cache mixes languages or nonces)
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set("Reporting-Endpoints", REPORTING_ENDPOINTS);
  return response;
}

// Pages only: not the APIs, the sandbox (but for its developer reference, a page), the webhook
// receiver, the metrics, nor Next's own files.
export const config = {
  matcher: [
    "/((?!api/|sandbox/|sandbox$|webhook|metrics$|vendor/|_next/|\\.well-known/|icon\\.svg|favicon\\.ico).*)",
    "/sandbox/docs/:path*",
  ],
};
