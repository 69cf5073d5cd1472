import { NextResponse, type NextRequest } from "next/server";

// An optimistic check before dashboard pages render: without a session cookie, go to sign-in
// and come back here afterwards. The pages' layout still verifies the session itself.
export function proxy(request: NextRequest) {
  const hasSession = request.cookies.has("next-auth.session-token") || request.cookies.has("__Secure-next-auth.session-token");
  if (hasSession) return NextResponse.next();
  const login = new URL("/login", request.url);
  login.searchParams.set("callbackUrl", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(login);
}

export const config = { matcher: ["/", "/orders/:path*", "/exchanges/:path*"] };
