import type { IncomingMessage, ServerResponse } from "node:http";

export type CompiledRoute<T> = { template: string; handler: T; names: string[]; regex: RegExp };

export declare function compileRoutes<T>(routes: Record<string, T>): CompiledRoute<T>[];
export declare function matchRoute<T>(
  routes: CompiledRoute<T>[],
  pathname: string,
): { template: string; handler: T; params: Record<string, string> } | null;
export declare function webRequest(req: IncomingMessage, origin: string, body?: Buffer | null): Request;
export declare function writeResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void>;
