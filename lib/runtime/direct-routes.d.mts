import type { IncomingMessage, ServerResponse } from "node:http";

/** A route answered without Next.js: its handler, and the most of a body it reads. */
export type DirectRoute = {
  bodyLimit: number;
  handle(req: Request, context: { params: Promise<Record<string, string>> }): Promise<Response>;
};
export type DirectRoutes = Record<string, DirectRoute>;

export declare function registerDirectRoutes(routes: DirectRoutes): void;
export declare function matchDirectRoute(
  pathname: string,
): { template: string; handler: DirectRoute; params: Record<string, string> } | null;
export declare function serveDirectRoute(
  match: NonNullable<ReturnType<typeof matchDirectRoute>>,
  req: IncomingMessage,
  res: ServerResponse,
  options: { origin: string },
): Promise<void>;
