import { env } from "@/lib/env";

/**
 * A mutation must come from our own pages: its Origin must be this app's origin (APP_URL when
 * configured, else the Host the request was sent to). Requests without Origin are refused.
 */
export function isSameOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const appUrl = env().appUrl;
  const expected = appUrl ? new URL(appUrl).host : (req.headers.get("x-forwarded-host") ?? req.headers.get("host"));
  return originHost === expected;
}
