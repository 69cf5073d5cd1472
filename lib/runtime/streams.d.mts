import type { AsyncResource } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CompiledRoute } from "./route-templates.d.mts";

/** Where a held stream writes. */
export type Channel = {
  /** True once the stream has ended, by either side: writes are then dropped. */
  readonly closed: boolean;
  /** Writes a frame (or a comment); a client that stopped reading has its stream ended. */
  write(bytes: Uint8Array | string): void;
  /** Ends the stream, with a `retry:` hint first when `retryMs` is given. */
  end(retryMs?: number): void;
  /** Runs `fn` once the stream has ended (at once if it has). */
  onClose(fn: () => void): void;
};

/** What a held stream says: from start, then at each heartbeat (after the adapter's comment). */
export type StreamSource = {
  start(channel: Channel): void | Promise<void>;
  beat?(channel: Channel): void;
};

/** A stream route's handler: a route handler of the app, given a web Request. */
export type StreamHandler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type StreamRoutes = Record<string, StreamHandler>;

type HeldChannel = Channel & { beat(): void };
export type StreamState = {
  routes: CompiledRoute<StreamHandler>[];
  sources: WeakMap<Response, StreamSource>;
  held: Set<HeldChannel>;
  heartbeatMs: number;
  onBeat: () => void;
  timer: NodeJS.Timeout | null;
  outsideRequests: AsyncResource;
};

export declare const MAX_UNREAD_BYTES: number;
export declare function registerStreamRoutes(routes: StreamRoutes, options: { heartbeatMs: number; onBeat?: () => void }): void;
export declare function matchStreamRoute(
  pathname: string,
): { template: string; handler: StreamHandler; params: Record<string, string> } | null;
export declare function streamResponse(source: StreamSource, headers: Record<string, string>): Response;
export declare function heldStreams(): number;
export declare function endAllStreams(retryMs?: number): number;
export declare function serveStreamRoute(
  match: NonNullable<ReturnType<typeof matchStreamRoute>>,
  req: IncomingMessage,
  res: ServerResponse,
  hooks: { origin: string; onHeld: () => void },
): Promise<void>;
