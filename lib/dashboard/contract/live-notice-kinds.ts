import * as z from "zod/mini";
import { snapshotFrameSchema, webhookFrameSchema } from "./shell-api";
import { requestLogFrameSchema } from "./request-logs-api";
import { scenarioRunFrameSchema } from "./scenarios-api";
import type { ApiKeyScope } from "./api-keys-api";

// The registry of live-notice kinds: every frame GET /api/events may carry is declared here once,
// with its data's schema, who receives it and which pages it redraws. The bus (lib/dashboard/events/bus.ts),
// the stream writer (sse.ts), the browser's hook (lib/dashboard/client/use-live-events.ts) and
// LiveRefresh read it; a new kind is one entry below, its producer (who publishes the signal) and
// its consumer (a page or the command line). docs/architecture.md#adding-a-live-notice-kind

const uuid = z.string().check(z.meta({ format: "uuid" }));
// spelled out, not imported: lib/dashboard/auth is a layer above the contract
const everyRole = ["operator", "admin", "viewer"] as const;
type Role = (typeof everyRole)[number];

/** The server-rendered pages LiveRefresh redraws, by what they show (besides a reconnect or a refusal, which redraw every page). */
export const refreshedPages = ["snapshots", "all", "requestLogs", "scenarioRuns", "session"] as const;
export type RefreshedPage = (typeof refreshedPages)[number];

type Kind = {
  /** When it is sent, in the words of the API's reference (GET /api/openapi.json). */
  when: string;
  /** The schema of the frame's `data:` (the notice less its kind and tenant: the writer parses the notice with it). */
  frame: z.ZodMiniObject;
  /** Who of the tenant receives it on GET /api/events. */
  to: {
    /** Signed-in sessions of these roles (a browser). */
    roles: readonly Role[];
    /** An API key with at least one of these scopes (the command line); none: no key. */
    scopes: readonly ApiKeyScope[];
    /** Only the users the notice names (its `user_ids`), of the roles above. */
    addressed?: true;
  };
  /** The pages it redraws (`<LiveRefresh on=…>`); a client component may follow it by itself (useLiveSignals). */
  refreshes: readonly RefreshedPage[];
  /**
   * About one exchange of the tenant: also carried, reduced, by the operator console's stream
   * and a payout link's stream of that exchange.
   */
  aboutExchange?: true;
};

export const liveNoticeKinds = {
  /** A webhook was stored; SSE `id:` is its cursor (`seq`), from which a reconnect resumes. */
  webhook: {
    when: "a webhook is stored (SSE `id:` = the tenant's event cursor: reconnect with `Last-Event-ID` to get exactly what was missed)",
    frame: webhookFrameSchema,
    to: { roles: everyRole, scopes: ["read"] },
    refreshes: ["all"],
    aboutExchange: true,
  },
  /** An exchange's snapshot was stored (its new state): the pages that show exchanges redraw. */
  snapshot: {
    when: "an exchange's snapshot is refreshed",
    frame: snapshotFrameSchema,
    to: { roles: everyRole, scopes: ["read"] },
    refreshes: ["snapshots", "all"],
    aboutExchange: true,
  },
  /** The user got a notification: their bell and inbox ask again (no key: it is a person's). */
  notification: {
    when: "the signed-in user got a notification",
    frame: z.object({}).check(z.meta({ description: "data of `event: notification`: empty (no SSE id)" })),
    to: { roles: everyRole, scopes: [], addressed: true },
    refreshes: [],
  },
  /** Rows of the tenant's request log were written: its pages ask again (a key needs `logs`, as for the log itself). */
  request_log: {
    when: "rows of the tenant's request log were written",
    frame: requestLogFrameSchema,
    to: { roles: everyRole, scopes: ["logs"] },
    refreshes: ["requestLogs"],
  },
  /** A scenario run of the tenant moved on: the Scenarios page redraws and `trigger` asks for it (a key with `read` may read runs). */
  scenario_run: {
    when: "a scenario run of the tenant moved on",
    frame: scenarioRunFrameSchema,
    to: { roles: everyRole, scopes: ["read"] },
    refreshes: ["scenarioRuns"],
  },
  /** `POST /api/webhook-events/{seq}/resend`: every `listen` of the tenant forwards the stored event again. */
  webhook_resent: {
    when: "a stored webhook was sent again (`POST /api/webhook-events/{seq}/resend`): a listener forwards it again",
    frame: z
      .object({ seq: z.int() })
      .check(z.meta({ description: "data of `event: webhook_resent` (no SSE id): the stored event a listener forwards again" })),
    to: { roles: [], scopes: ["read"] },
    refreshes: [],
  },
} as const satisfies Record<string, Kind>;

export type LiveNoticeKind = keyof typeof liveNoticeKinds;
/** A frame's data, by kind. */
export type LiveFrame<K extends LiveNoticeKind> = z.infer<(typeof liveNoticeKinds)[K]["frame"]>;

/** Who receives a kind, in words: "sessions of every role, keys with read". */
export function audienceOf(kind: LiveNoticeKind): string {
  const to: Kind["to"] = liveNoticeKinds[kind].to;
  const roles = to.roles.length === everyRole.length ? "every role" : to.roles.join(", ");
  const sessions = to.roles.length === 0 ? "no session" : `${to.addressed ? "the sessions of the users it names" : "sessions"} of ${roles}`;
  const keys = to.scopes.length === 0 ? "no API key" : `API keys with ${to.scopes.join(" or ")}`;
  return `${sessions}; ${keys}`;
}

/** Whether a page that shows `page` redraws on a notice of `kind`. */
export function refreshesPage(kind: LiveNoticeKind, page: RefreshedPage): boolean {
  const pages: readonly RefreshedPage[] = liveNoticeKinds[kind].refreshes;
  return pages.includes(page);
}

/** Who holds a tenant's stream: a signed-in session of a role, or an API key with its scopes. */
export type StreamReader = { userId: string; role: Role; keyScopes: readonly ApiKeyScope[] | null };

/** Whether the reader may receive a notice of `kind` (of its own tenant: the bus hands it no other's). */
export function receives(reader: StreamReader, kind: LiveNoticeKind, userIds?: readonly string[]): boolean {
  const to: Kind["to"] = liveNoticeKinds[kind].to;
  if (reader.keyScopes !== null) return to.scopes.some((scope) => reader.keyScopes?.includes(scope));
  if (!to.roles.includes(reader.role)) return false;
  return !to.addressed || (userIds ?? []).includes(reader.userId);
}

/** A relayed kind's signal: its frame's data, its kind and tenant, and what else says who receives it. */
function relayed<K extends LiveNoticeKind, Extra extends z.core.$ZodShape = Record<never, never>>(kind: K, extra?: Extra) {
  return z.strictObject({ ...liveNoticeKinds[kind].frame.shape, ...(extra as Extra), kind: z.literal(kind), tenant_id: uuid });
}

/**
 * What crosses the bus between instances (LISTEN/NOTIFY): ids only, one signal per transaction.
 * A webhook signal names the range of cursors its transaction stored (lib/dashboard/webhooks/store-event.ts
 * builds it in SQL, and a test parses it with this schema); a snapshot signal names the exchange
 * whose snapshot was stored; each instance reads what they need from the store. Every other kind
 * is relayed as it was published: its frame's data, its tenant, and the users it is addressed to.
 */
export const busSignalSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("webhook"), tenant_id: uuid, first_seq: z.int(), last_seq: z.int() }),
  z.strictObject({ kind: z.literal("snapshot"), tenant_id: uuid, exchange_id: uuid }),
  relayed("notification", { user_ids: z.array(uuid) }),
  relayed("request_log"),
  relayed("scenario_run"),
  relayed("webhook_resent"),
]);
export type BusSignal = z.infer<typeof busSignalSchema>;

/** A notice as an instance hands it to its streams: a webhook or snapshot read from the store after its signal, or a relayed signal. */
export type BusNotice =
  | ({ kind: "webhook"; tenant_id: string } & LiveFrame<"webhook">)
  | ({ kind: "snapshot"; tenant_id: string } & LiveFrame<"snapshot">)
  | Exclude<BusSignal, { kind: "webhook" | "snapshot" }>;
export type WebhookNotice = Extract<BusNotice, { kind: "webhook" }>;
export type SnapshotNotice = Extract<BusNotice, { kind: "snapshot" }>;

// every kind has its signal, every signal its kind
type SignalKind = BusSignal["kind"];
export const signalKindsMatch: [SignalKind, LiveNoticeKind] extends [LiveNoticeKind, SignalKind] ? true : never = true;
