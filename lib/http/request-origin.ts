import { env } from "@/lib/env";
import { browserScheme, forwardedValue } from "@/lib/runtime/forwarded.mjs";

/**
 * This app's origin as the browser sees it, scheme, host and port: APP_URL when configured;
 * else the request's own Host over the connection's scheme (plain http), where X-Forwarded-Host
 * and X-Forwarded-Proto count only from a proxy of ours (TRUSTED_PROXY_HOPS, lib/runtime/forwarded.mjs).
 */
export function requestOrigin(req: Request): string {
  return originOf(req.headers);
}

/** The same from a page's request headers (a server component has no Request). */
export function originOf(headers: Headers): string {
  const { appUrl, trustedProxyHops } = env();
  if (appUrl) return new URL(appUrl).origin;
  const host = forwardedValue(headers.get("x-forwarded-host"), trustedProxyHops) ?? headers.get("host") ?? "localhost";
  const scheme = browserScheme({ trustedHops: trustedProxyHops, forwardedProto: headers.get("x-forwarded-proto") });
  return `${scheme}://${host}`;
}
