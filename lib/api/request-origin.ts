import { env } from "@/lib/env";

/** This app's origin as the caller sees it: APP_URL, else the request's host and scheme. */
export function requestOrigin(req: Request): string {
  const appUrl = env().appUrl;
  if (appUrl) return appUrl;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host") ?? new URL(req.url).host;
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? new URL(req.url).protocol.replace(":", "");
  return `${proto}://${host}`;
}
