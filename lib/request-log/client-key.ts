import { createHash } from "node:crypto";
import { processSingleton } from "@/lib/process-singleton";
import { remembered } from "./remembered";

/**
 * What a sandbox row keeps of its API client: the SHA-256 of its client_id, in hex. The client_id
 * is the service's credential (the dashboard seals it at rest, the logs never show it), so the
 * log keys its rows by this instead; whoever knows the id finds its rows by hashing it again.
 * Each client's key is hashed once per process (a sandbox's few clients make every request),
 * for at most 1 000 clients at a time.
 */
export const clientKeyOf = remembered(
  (clientId) => createHash("sha256").update(clientId).digest("hex"),
  1_000,
  processSingleton("request-log-client-keys", () => new Map<string, string>()),
);
