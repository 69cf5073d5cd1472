"use client";
import { useState, type ReactNode } from "react";
import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ApiClientError } from "./api";
import { SESSION_ENDED, useLiveSignals, type LiveSignal } from "./live-notices";
import { queryKeys } from "./queries";

/**
 * The react-query set-up of the dashboard pages that fetch in the browser (the operator console
 * and the new-order wizard; the others are rendered on the server): failed queries are
 * retried twice unless the answer was a definite no (4xx); a 401 raises SESSION_ENDED, and the
 * shell sends the person to sign in.
 */
function newQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiClientError && error.status === 401) window.dispatchEvent(new Event(SESSION_ENDED));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry: (count, error) => count < 2 && !(error instanceof ApiClientError && error.status < 500 && error.status !== 0),
      },
    },
  });
}

// One cache per tab, kept across the pages that use it; on the server, one per render (never
// shared between requests).
let tabClient: QueryClient | undefined;
const queryClientOfTab = () => (typeof window === "undefined" ? newQueryClient() : (tabClient ??= newQueryClient()));

/**
 * What each live signal makes stale: a notice, the console's data (the wizard's challenge never
 * goes stale); a reconnect (notices are not replayed) or a refused stream (a 401 among the
 * answers leads to sign-in), everything.
 */
function invalidate(client: QueryClient, signal: LiveSignal) {
  if (signal.kind === "webhook" || signal.kind === "snapshot") void client.invalidateQueries({ queryKey: queryKeys.console() });
  else void client.invalidateQueries();
}

/** Wraps a dashboard page whose data is fetched in the browser; the live stream keeps it fresh. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(queryClientOfTab);
  useLiveSignals((signal) => invalidate(client, signal));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
