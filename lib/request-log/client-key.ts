import { createHash } from "node:crypto";

/**
 * What a sandbox row keeps of its API client: the SHA-256 of its client_id, in hex. The client_id
 * is the service's credential (the dashboard seals it at rest, the logs never show it), so the
 * log keys its rows by this instead; whoever knows the id finds its rows by hashing it again.
 */
export const clientKeyOf = (clientId: string) => createHash("sha256").update(clientId).digest("hex");
