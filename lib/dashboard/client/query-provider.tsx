"use client";
import { useState, type ReactNode } from "react";
import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ApiClientError } from "./api";
import { SESSION_ENDED } from "./live-notices";

/**
 * The react-query set-up of the dashboard's one page that fetches in the browser, the new-order
 * wizard (the others are rendered on the server): failed queries are
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
 * Wraps a page whose data is fetched in the browser: the new-order wizard (its challenge). The
 * live stream does not touch it: a challenge being signed must not change under the person.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(queryClientOfTab);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
