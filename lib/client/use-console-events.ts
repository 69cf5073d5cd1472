"use client";
import { useQueryClient } from "@tanstack/react-query";
import { consoleFrameSchema } from "@/lib/contract/console-api";
import { queryKeys } from "./queries";
import { parseJsonAs } from "@/lib/contract/parse-json";
import { useEventStream, type LiveStatus } from "./use-event-stream";

// Apart from the shell's stream (use-live-events.ts), so that only the console's page carries
// the console's contract.

/**
 * Follows GET /api/operator/events for the operator console: any tenant's notice refreshes what
 * the console shows, and so does every (re)connect, since the stream has no ids to resume from.
 */
export function useConsoleEvents(): LiveStatus {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.console() });
  return useEventStream("/api/operator/events", {
    on: { notice: (data) => parseJsonAs(consoleFrameSchema, data) && refresh() },
    onOpen: refresh,
  });
}
