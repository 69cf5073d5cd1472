"use client";
import { consoleFrameSchema } from "@/lib/dashboard/contract/console-api";
import { parseJsonAs } from "@/lib/http/parse-json";
import { useEventStream, type LiveStatus } from "./use-event-stream";

// Apart from the shell's stream (use-live-events.ts), so that only the console's page carries
// the console's contract.

/**
 * Follows GET /api/operator/events for the operator console: `onChange` on any tenant's notice,
 * and on every (re)connect, since the stream has no ids to resume from.
 */
export function useConsoleEvents(onChange: () => void, scope: string): LiveStatus {
  return useEventStream(
    "/api/operator/events",
    {
      on: { notice: (data) => parseJsonAs(consoleFrameSchema, data) && onChange() },
      onOpen: onChange,
    },
    scope,
  );
}
