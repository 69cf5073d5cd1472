import "server-only";
import { env } from "@/lib/env";

// Whether a tenant's upstream is this app's own sandbox. Two questions: whether it is this app's
// sandbox at all (its public URL, behind a balancer, or an instance's own port), which decides
// who sees its request log rows; and whether this very instance serves it, so that it stops
// answering when this instance stops listening (the drain's refreshes).

const bare = (url: string) => url.replace(/\/+$/, "").toLowerCase();

/** Whether `baseUrl` is the sandbox this instance serves on its own port, not through a balancer. */
export function servedByThisInstance(baseUrl: string): boolean {
  const config = env();
  if (!config.sandboxEnabled) return false;
  const own = [`http://127.0.0.1:${config.port}/sandbox`, `http://localhost:${config.port}/sandbox`];
  return own.includes(bare(baseUrl));
}

/** Whether the tenant's upstream is this app's own sandbox (its base URL the sandbox's, public or internal). */
export function isOwnSandbox(baseUrl: string): boolean {
  const config = env();
  return config.sandboxEnabled && (bare(config.sandboxPublicUrl) === bare(baseUrl) || servedByThisInstance(baseUrl));
}

/**
 * Whether a tenant's service may be at a private, loopback or link-local address: this app's own
 * sandbox may, and any service where the operator allows it (UPSTREAM_ALLOW_PRIVATE, for
 * on-premise services). Every other upstream call is refused such addresses (lib/http/outbound.ts).
 */
export function mayBePrivate(baseUrl: string): boolean {
  return env().upstreamAllowPrivate || isOwnSandbox(baseUrl);
}
