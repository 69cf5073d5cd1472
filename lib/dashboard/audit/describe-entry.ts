import type { AuditEntry } from "@/lib/dashboard/contract/dashboard-api";
import { isAuditAction, outcomeOf, splitTarget, type AuditAction, type AuditOutcome } from "@/lib/dashboard/contract/audit-actions";

// An audit entry as a sentence's parts: which message says it, with what in its placeholders, and
// where its actor and target lead. Pure: the page renders it with links, the CSV as plain text.

export type SentenceKey = `sentences.${AuditAction}` | "generic";

export type DescribedEntry = {
  key: SentenceKey;
  /** Who acted: a person's email, or who else it was when no one signed in. */
  actor: { kind: "person"; email: string; filter: string } | { kind: "commandLine" | "endUser" | "someone" };
  /** What the sentence names as the target: its text, the full id behind it, and its page when it exists. */
  target: { text: string; full: string; href: string | null } | null;
  /** The rest of the recorded target (e.g. the fields a change touched), shown beside the sentence. */
  detail: string | null;
  role: string;
  policy: string;
  /** An action with no sentence yet, said in words: `payout links: revoke`. */
  what: string;
  outcome: AuditOutcome;
};

const shortId = (id: string) => `${id.slice(0, 8)}…`;

const pages: Partial<Record<string, (id: string) => string>> = {
  order: (id) => `/orders/${id}`,
  exchange: (id) => `/exchanges/${id}`,
  member: () => "/settings?tab=team",
  tenant: () => "/operator?tab=tenants",
  endpoint: () => "/settings?tab=forwarding",
};

const byRecipient = new Set(["payout_links.invoice", "payout_links.lightning_address"]);

export function describeEntry(entry: AuditEntry): DescribedEntry {
  const split = splitTarget(entry.target);
  let { id, detail } = split;
  let role = "other";
  if (entry.action === "team.add" && id) {
    const parts = /^(\S+) \((admin|viewer)\)$/.exec(id);
    if (parts?.[1] && parts[2]) [id, role] = [parts[1], parts[2]];
  }
  if (entry.target_kind === "api_key" && id && !split.isUuid) {
    const [prefix = id, ...rest] = id.split(" ");
    [id, detail] = [prefix, rest.join(" ") || null];
  }
  const page = pages[entry.target_kind];
  const target = id
    ? {
        text: entry.target_name ?? (split.isUuid ? shortId(id) : id),
        full: id,
        href: page && entry.target_exists ? page(id) : null,
      }
    : null;
  const actor: DescribedEntry["actor"] = entry.user
    ? { kind: "person", email: entry.user, filter: entry.user_id ?? entry.user }
    : { kind: byRecipient.has(entry.action) ? "endUser" : entry.user_id ? "someone" : "commandLine" };
  return {
    key: isAuditAction(entry.action) ? `sentences.${entry.action}` : "generic",
    actor,
    target,
    detail,
    role,
    policy: entry.action === "settings.security.policy" && entry.target?.includes("required") ? "required" : "optional",
    what: entry.action.replaceAll("_", " ").replace(".", ": ").replaceAll(".", " "),
    outcome: outcomeOf(entry.result),
  };
}
