import { createHash } from "node:crypto";
import { processSingleton } from "@/lib/process-singleton";

// Per process: each client's key, hashed once (a sandbox's few clients make every request; the
// map is emptied past a bound, for a process that sees many).
const known = processSingleton("request-log-client-keys", () => new Map<string, string>());
const MAX_KNOWN = 1_000;

/**
 * What a sandbox row keeps of its API client: the SHA-256 of its client_id, in hex. The client_id
 * is the service's credential (the dashboard seals it at rest, the logs never show it), so the
 * log keys its rows by this instead; whoever knows the id finds its rows by hashing it again.
 */
export function clientKeyOf(clientId: string): string {
  const cached = known.get(clientId);
  if (cached) return cached;
  if (known.size >= MAX_KNOWN) known.clear();
  const key = createHash("sha256").update(clientId).digest("hex");
  known.set(clientId, key);
  return key;
}
