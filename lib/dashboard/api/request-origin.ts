import { env } from "@/lib/env";

/** This app's origin as the caller sees it: APP_URL, else the request's host and scheme. */
export function requestOrigin(req: Request): string {
  return originOf(req.headers, new URL(req.url));
}

/** The same from a page's request headers (a server component has no Request). */
export function originOf(headers: Headers, url?: URL): string {
  const appUrl = env().appUrl;
  if (appUrl) return appUrl;
  const host = headers.get("x-forwarded-host") ?? headers.get("host") ?? url?.host ?? "localhost";
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? url?.protocol.replace(":", "") ?? "http";
  return `${proto}://${host}`;
}
