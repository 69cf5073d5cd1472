import "server-only";
import type { Notice as AnyNotice } from "./bus";
import type { WebhookNotice } from "@/lib/dashboard/contract/dashboard-api";
import { liveNoticeKinds, receives, type StreamReader } from "@/lib/dashboard/contract/live-notice-kinds";
import { subscribe } from "./bus";
import type { Db } from "@/lib/db/client";
import { claimSlot } from "./stream-places";
import { streamResponse, type Channel } from "@/lib/runtime/streams.mjs";
import { backoffMs } from "@/lib/runtime/backoff";
import { errorText, logger } from "@/lib/log";

const log = logger("sse");

/** Stored notices replayed per query; a longer gap is replayed page by page. */
export const REPLAY_PAGE = 500;

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

/** A notice about one exchange (a webhook, a snapshot): what the console's and a payout link's streams carry. */
export type ExchangeNotice = Extract<AnyNotice, { kind: AboutExchange }>;
type AboutExchange = {
  [K in keyof typeof liveNoticeKinds]: (typeof liveNoticeKinds)[K] extends { aboutExchange: true } ? K : never;
}[keyof typeof liveNoticeKinds];
const aboutExchange = (notice: AnyNotice): notice is ExchangeNotice => "aboutExchange" in liveNoticeKinds[notice.kind];

type Options = {
  db: Db;
  tenantId: string;
  /**
   * Who holds the stream (a user, a payout link): at most `limit` open streams each, 429 beyond,
   * counted over every instance (stream-slots.ts).
   */
  holder: { key: string; limit: number };
  /** Asked at every heartbeat: a stream whose session or link is no longer valid is closed. */
  stillValid: () => Promise<boolean>;
  /** Last-Event-ID of a reconnecting client: stored events after it are sent first. */
  lastEventId?: number | null;
  /**
   * Stored webhook notices after a cursor, oldest first, at most `limit`; absent: no replay, and
   * a stream that may have missed notices is ended with a retry hint instead (its page reloads
   * what it shows on every reconnect).
   */
  replay?: (afterSeq: number, limit: number) => Promise<WebhookNotice[]>;
  /** The tenant's latest cursor: where a stream opened without Last-Event-ID catches up from. */
  latest?: () => Promise<number>;
  /**
   * Who holds a dashboard stream (GET /api/events): it carries every kind of notice the registry
   * gives them (lib/dashboard/contract/live-notice-kinds.ts), as the tenant's frames. Without a
   * reader, a stream carries the notices about an exchange only, through `filter` and `frame`.
   */
  reader?: StreamReader;
  /** Which notices about an exchange a stream without a reader carries (e.g. one exchange only). */
  filter?: (notice: ExchangeNotice) => boolean;
  /** How a stream without a reader writes a notice about an exchange. */
  frame?: (notice: ExchangeNotice) => Uint8Array | null;
  /**
   * Whether notices carry one tenant's cursor, so that one at or below the last sent was sent
   * (true by default). A stream of every tenant's notices has no one cursor: it sends them all.
   */
  cursor?: boolean;
};

const encoder = new TextEncoder();

// One notice reaches every subscriber of its tenant as the same object: encode it once.
const frames = new WeakMap<AnyNotice, Uint8Array | null>();

/**
 * The dashboard's frame of a notice: `event:` its kind, `data:` its frame as the registry
 * declares it (parsed, so that nothing else of the notice leaves), and for a webhook `id:` its
 * cursor. Null for a notice its schema refuses (logged): it is not sent.
 */
export function tenantFrame(notice: AnyNotice): Uint8Array | null {
  const cached = frames.get(notice);
  if (cached !== undefined) return cached;
  const data = liveNoticeKinds[notice.kind].frame.safeParse(notice);
  if (!data.success) log.error({ kind: notice.kind, err: data.error.message }, "a notice does not fit its frame; not sent");
  const id = notice.kind === "webhook" ? `id: ${notice.seq}\n` : "";
  const bytes = data.success ? encoder.encode(`${id}event: ${notice.kind}\ndata: ${JSON.stringify(data.data)}\n\n`) : null;
  frames.set(notice, bytes);
  return bytes;
}

/**
 * A server-sent event stream of a tenant's notices: replay from the store after Last-Event-ID,
 * then live notices; the holder's validity is checked at every heartbeat. Notices arrive in
 * cursor order (commit order), so any cursor at or below the last one sent has been sent.
 *
 * The route decides (a place for the holder, else 429) and answers at once; the server's stream
 * adapter (lib/runtime/streams.mjs) then holds the connection, writes the heartbeats and calls
 * the source below with the channel it writes to.
 */
export async function eventStream({ db, holder, stillValid, ...options }: Options): Promise<Response> {
  const release = await claimSlot(db, holder.key, holder.limit);
  return streamResponse(
    {
      start: (channel) => follow(channel, options, release),
      beat: (channel) =>
        void stillValid().then(
          (valid) => valid || channel.end(),
          () => undefined,
        ),
    },
    SSE_HEADERS,
  );
}

type FollowOptions = Omit<Options, "db" | "holder" | "stillValid">;

/** While the store cannot be read, a catch-up is tried again after this, doubling up to the cap. */
const CATCH_UP_RETRY_MS = 500;
const CATCH_UP_RETRY_MAX_MS = 5_000;
const CONNECTED = encoder.encode("retry: 3000\n: connected\n\n");

function follow(
  channel: Channel,
  { tenantId, lastEventId = null, replay, latest, filter = () => true, frame = tenantFrame, cursor = true, reader }: FollowOptions,
  release: () => void,
) {
  channel.onClose(release);
  let lastSent = lastEventId ?? 0;
  const send = (notice: AnyNotice) => {
    if (reader ? !receives(reader, notice.kind, "user_ids" in notice ? notice.user_ids : undefined) : !aboutExchange(notice)) return;
    if (notice.kind === "webhook" && cursor) {
      if (notice.seq <= lastSent) return;
      lastSent = notice.seq;
    }
    const bytes = reader ? tenantFrame(notice) : aboutExchange(notice) && filter(notice) ? frame(notice) : null;
    if (bytes) channel.write(bytes);
  };
  // Everything goes out in order: while a step that reads the store is under way (the start, a
  // catch-up after a gap), what arrives waits in `behind`, the chain of steps still to run.
  let behind: Promise<void> | null = null;
  const inOrder = (step: () => unknown) => {
    const next: Promise<void> = (behind ?? Promise.resolve())
      .then(step)
      .then(
        () => undefined,
        (error: unknown) => {
          log.error({ err: errorText(error) }, "a stream failed");
          channel.end();
        },
      )
      .finally(() => {
        if (behind === next) behind = null;
      });
    behind = next;
  };
  // From the store by the cursor: nothing lost, nothing twice. While the store cannot be read,
  // it tries again with backoff, still holding the live notices back.
  const catchUp = async () => {
    for (let attempt = 0; replay && !channel.closed;) {
      try {
        for (;;) {
          const page = await replay(lastSent, REPLAY_PAGE);
          for (const notice of page) send(notice);
          if (page.length < REPLAY_PAGE || channel.closed) return;
        }
      } catch {
        await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt++, CATCH_UP_RETRY_MS, CATCH_UP_RETRY_MAX_MS)));
      }
    }
  };
  inOrder(async () => {
    const unsubscribe = await subscribe(tenantId, (notice) => {
      if (notice !== null) return behind ? inOrder(() => send(notice)) : send(notice);
      // notices may have been missed: a stream with nothing to replay from ends, and its page
      // reloads what it shows on reconnecting
      if (!replay) channel.end(1_000);
      else inOrder(catchUp);
    });
    channel.onClose(unsubscribe);
    if (cursor && latest && (lastEventId === null || lastEventId > 0)) {
      // a cursor past the tenant's newest event is another's (a browser that was someone else's,
      // a database made anew): it would hide every event up to it, so it counts as the newest
      const newest = await latest();
      if (lastEventId === null || lastEventId > newest) lastSent = newest;
    }
    channel.write(CONNECTED);
    if (lastEventId !== null) await catchUp();
  });
}

export function lastEventIdOf(req: Request): number | null {
  const raw = req.headers.get("last-event-id") ?? new URL(req.url).searchParams.get("last_event_id");
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}
